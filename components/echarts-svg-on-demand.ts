/**
 * What `loadSvgRenderer` imports dynamically: the SVG renderer's registration through a module of
 * its own. Server-side rendering imports `./echarts-svg` statically; a browser chart loads it only
 * for the `svg` renderer. Aimed at `./echarts-svg` itself, the dynamic import made every bundle
 * holding both paths (a server build that renders charts) print Rolldown's
 * INEFFECTIVE_DYNAMIC_IMPORT warning; aimed here, such a bundle gets a chunk of one line and a
 * browser app the renderer in this chunk.
 *
 * @module
 */
export { registerSvgRenderer } from './echarts-svg';
