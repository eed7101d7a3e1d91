/**
 * What a page binds to a grid it owns: KPI strips and `grid_filtered` charts that follow the rows the
 * grid shows (through a `GridAdapter`: `createDataGridAdapter` over the page's AG Grid, or
 * `staticRowsAdapter`), and `init`, which boots a part of the page in one call. The strips are the
 * Vue layer's `GridKpiStrip` and the charts `ChartBlock` (through `initChart`), each a small app on
 * its element, so the figures are the ones the server and a Vue app compute.
 *
 * The page marks the elements (the server writes these attributes, or the page's own script):
 * - `data-cm-grid-kpi`: the KPI specs as wire JSON (an array, as in a spec's `kpis`);
 *   `data-cm-kpi-columns` optionally sets the cards per row (1 to 6);
 * - `data-cm-chart-spec`: one chart spec as wire JSON with `"data_source": "grid_filtered"`. With
 *   a `data-cm-chart-config` (the chart the server computed) as well, that drawing shows until the
 *   binding draws the grid's rows.
 *
 * @module
 */
import { defineAsyncComponent, h, shallowRef } from 'vue';
import type { App, ShallowRef } from 'vue';
import { createCoalescer } from '../core/coalesce';
import { staticRowsAdapter } from '../core/adapters';
import type { GridAdapter } from '../core/adapters';
import type { ChartSpecWire, GridArtifact, GridArtifactJson, KpiSpecWire } from '../core/types';
import { warn } from '../core/warn';
import { initAllCharts, initChart, mountRendered } from './api';
import { pageLanguage } from './compute';
import { bootScope, mountArtifactView, unmountDetached } from './boot';
import type { BootOptions } from './boot';
import { checkInitRoot } from './checks';
import { elementsWithin } from './dom';

/** Options of `bindGridKpis`. */
export interface BindGridKpisOptions {
  /** Where to look for `[data-cm-grid-kpi]` strips (the root itself included); default the document. */
  root?: ParentNode;
  /** The rows the strips aggregate. */
  gridAdapter: GridAdapter;
}

interface BoundStrip {
  readonly app: App;
  readonly adapter: ShallowRef<GridAdapter>;
}

const strips = new Map<Element, BoundStrip>();

// A chunk of its own, as `GridView` loads it: only pages that bind a grid need it.
const GridKpiStrip = defineAsyncComponent(() => import('../../components/GridKpiStrip.vue'));


/** The JSON value of `attribute` on `el`, or undefined (with a warning) when it is not valid JSON. */
function jsonAttribute(el: Element, attribute: string): unknown {
  try {
    return JSON.parse(el.getAttribute(attribute) ?? '') as unknown;
  } catch {
    warn('hydrate_failed', `An element's ${attribute} is not valid JSON; it is left as it is.`, { attribute });
    return undefined;
  }
}

/**
 * Keeps the figures a binding showed and lets go of the grid: the strips and charts switch to the
 * rows they were last given, so nothing listens to the grid any more and nothing goes blank.
 */
function frozen(adapter: GridAdapter): GridAdapter {
  return staticRowsAdapter([...adapter.getRows()]);
}

/**
 * Mounts a live KPI strip in every `[data-cm-grid-kpi]` element of `root` (content replaced): the
 * KPIs of its specs over `gridAdapter`'s rows, recomputed after each filter, sort or data change of
 * the grid, in the page's language and currency (`window.GridViewI18n`). An element already bound
 * follows the new adapter instead. Returns the function that stops following it (the strips keep
 * the figures they show).
 *
 * Edge cases: an attribute that is not a JSON array is skipped with a `hydrate_failed` warning;
 * specs the core refuses show the strip's own error state as in a Vue app; strips whose element
 * left the page are unmounted by the next call.
 */
export function bindGridKpis(options: BindGridKpisOptions): () => void {
  unmountDetached(strips);
  const bound: BoundStrip[] = [];
  for (const el of elementsWithin(options.root ?? document, '[data-cm-grid-kpi]')) {
    const known = strips.get(el);
    if (known !== undefined) {
      known.adapter.value = options.gridAdapter;
      bound.push(known);
      continue;
    }
    const specs = jsonAttribute(el, 'data-cm-grid-kpi');
    if (!Array.isArray(specs)) continue;
    const columns = Number(el.getAttribute('data-cm-kpi-columns'));
    const adapter = shallowRef(options.gridAdapter);
    const language = pageLanguage();
    const app = mountRendered(el, () =>
      h(GridKpiStrip, {
        specs: specs as KpiSpecWire[],
        adapter: adapter.value,
        locale: language.locale,
        currency: language.currency,
        ...(Number.isInteger(columns) && columns >= 1 && columns <= 6 ? { columns } : {}),
      }),
    );
    const strip = { app, adapter };
    strips.set(el, strip);
    bound.push(strip);
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    for (const strip of bound) if (strip.adapter.value === options.gridAdapter) strip.adapter.value = frozen(options.gridAdapter);
  };
}

/**
 * Draws every `[data-cm-chart-spec]` chart of `scope` whose spec says `"data_source":
 * "grid_filtered"` over `adapter`'s rows, and draws it again after each change of the grid (once
 * per animation frame however many events one change fires). Returns the function that stops
 * following the grid (the charts keep what they show).
 *
 * Edge cases: specs of other data sources are left alone (they are the server's figures); an
 * attribute that is not a JSON object is skipped with a `hydrate_failed` warning; a chart whose
 * element left the page is forgotten.
 */
export function bindGridFilteredCharts(scope: ParentNode, adapter: GridAdapter): () => void {
  const bound: { el: Element; spec: ChartSpecWire }[] = [];
  for (const el of elementsWithin(scope, '[data-cm-chart-spec]')) {
    const spec = jsonAttribute(el, 'data-cm-chart-spec');
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) continue;
    if ((spec as { data_source?: unknown }).data_source !== 'grid_filtered') continue;
    bound.push({ el, spec: spec as ChartSpecWire });
  }
  const draw = (): void => {
    const rows = adapter.getRows();
    for (const { el, spec } of bound) if (el.isConnected) initChart(el, spec, rows);
  };
  draw();
  if (bound.length === 0) return () => undefined;
  const redraw = createCoalescer(draw, 'frame');
  const unsubscribe = adapter.onChange(() => redraw.schedule());
  return () => {
    redraw.cancel();
    unsubscribe();
  };
}

/** Options of `init` (the interface document's `GridView.init({ root, artifact, gridAdapter })`). */
export interface InitOptions {
  /** The part of the page to boot; default the document. With `artifact`, the element the view is drawn in. */
  root?: Element | Document;
  /** A view to draw in `root` (its content replaced): an artifact or its JSON (`artifact.toJSON()`). */
  artifact?: GridArtifact | GridArtifactJson | null;
  /** The rows of a grid the page owns: live KPI strips and `grid_filtered` charts follow them. */
  gridAdapter?: GridAdapter | null;
}

/**
 * Boots a part of the page in one call: the server-rendered views in `root` (as `bootScope`), or,
 * with `artifact`, a live view of it drawn in `root`; the charts of `[data-cm-chart-config]`
 * elements; and, with `gridAdapter`, the view's KPI strip and `grid_filtered` charts plus the
 * `[data-cm-grid-kpi]` strips and `[data-cm-chart-spec]` charts of `root` following the grid.
 * Returns the function that stops following the grid: what is drawn stays, with the figures it
 * showed last.
 *
 * Edge cases: `artifact` with `root` the document (or absent) throws a `TypeError`, since a view
 * needs an element of its own; calling `init` again on the same root updates the view in place.
 */
export function init(options: InitOptions = {}, boot: BootOptions = {}): () => void {
  const root = options.root ?? document;
  const adapter = options.gridAdapter ?? null;
  const artifact = options.artifact ?? null;
  checkInitRoot(root, artifact);
  if (artifact !== null && root instanceof Element) {
    const language = pageLanguage();
    mountArtifactView(root, { artifact, adapter }, { locale: language.locale, currency: language.currency, messages: language.messages }, boot);
  } else {
    bootScope(root, boot);
  }
  initAllCharts(root);
  const stops = adapter === null ? [] : [bindGridKpis({ root, gridAdapter: adapter }), bindGridFilteredCharts(root, adapter)];
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    for (const stop of stops) stop();
    if (artifact !== null && adapter !== null && root instanceof Element && root.isConnected) {
      const language = pageLanguage();
      mountArtifactView(root, { artifact, adapter: frozen(adapter) }, { locale: language.locale, currency: language.currency, messages: language.messages }, boot);
    }
  };
}
