/**
 * Fixed glyphs for `KpiIcon` names. A spec only names an icon; the drawing is this table's path
 * data (24 × 24, stroked), so nothing from a spec ever becomes markup. An unknown name has no glyph.
 *
 * @module
 */
import type { KpiIcon } from '../src/core/types';

/** Geometry of one icon: SVG path data and circles `[cx, cy, r]`. */
export interface KpiGlyph {
  readonly paths: readonly string[];
  readonly circles: readonly (readonly [number, number, number])[];
}

const glyph = (paths: string[], circles: [number, number, number][] = []): KpiGlyph => Object.freeze({ paths, circles });

/** The glyph of every `KpiIcon`. */
export const KPI_GLYPHS: Readonly<Record<KpiIcon, KpiGlyph>> = Object.freeze({
  chart: glyph(['M3 20h18', 'M6 20v-8', 'M11 20V5', 'M16 20v-6', 'M20 20v-11']),
  money: glyph(['M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .9-3 2s1.3 1.7 3 2 3 .9 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5', 'M12 6v12'], [[12, 12, 9]]),
  users: glyph(['M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6', 'M16 4.5a3.5 3.5 0 0 1 0 7', 'M18 14c2.2.6 3.5 2.8 3.5 6'], [[9, 8, 3.5]]),
  cart: glyph(['M3 4h2l2.4 11h10.2L20 7H6.2'], [[9, 19.5, 1.5], [17, 19.5, 1.5]]),
  clock: glyph(['M12 7v5l3 2'], [[12, 12, 9]]),
  percent: glyph(['M19 5L5 19'], [[7, 7, 2.5], [17, 17, 2.5]]),
  star: glyph(['M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z']),
  alert: glyph(['M12 3L2 20h20z', 'M12 10v4', 'M12 17v.5']),
  check: glyph(['M8 12.5l2.5 2.5L16 9.5'], [[12, 12, 9]]),
  box: glyph(['M3 7.5L12 3l9 4.5v9L12 21l-9-4.5z', 'M3 7.5l9 4.5 9-4.5', 'M12 12v9']),
  globe: glyph(['M3 12h18', 'M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z'], [[12, 12, 9]]),
  trend_up: glyph(['M3 17l6-6 4 4 8-8', 'M15 7h6v6']),
  trend_down: glyph(['M3 7l6 6 4-4 8 8', 'M15 17h6v-6']),
});

/** The glyph for `name`, or null for null, an unknown name or an inherited property name. */
export function kpiGlyph(name: string | null | undefined): KpiGlyph | null {
  if (!name || !Object.prototype.hasOwnProperty.call(KPI_GLYPHS, name)) return null;
  return KPI_GLYPHS[name as KpiIcon];
}

/** Visible symbol of each tone (the words come from the catalog; neutral shows nothing). */
export const TONE_SYMBOLS: Readonly<Record<string, string>> = Object.freeze({
  good: '✓',
  bad: '✕',
  warning: '!',
  info: 'i',
});
