/**
 * The spec's defaults, apart from the parser so that renderers (charts, columns) can read them
 * without bringing the validator and yup along.
 *
 * @module
 */
import type { LayoutBlock } from '../types';

/**
 * The value the parser gives every optional wire field it finds absent. Frozen. `specToWire` leaves a
 * field out exactly when it equals its default here, so the two can never disagree.
 *
 * Edge cases: a KPI's format defaults to `number` for every aggregate, `count` included; `layout`
 * defaults to all four blocks in the order title, kpis, chart, table (a block with nothing to show,
 * such as `chart` without charts, is simply skipped by renderers).
 */
export const SPEC_DEFAULTS = Object.freeze({
  title: null,
  column: Object.freeze({ format: 'text', align: 'left', sortable: true, searchable: true, linkTemplate: null, width: null } as const),
  kpi: Object.freeze({ columnKey: null, format: 'number', icon: null, tone: 'neutral' } as const),
  chart: Object.freeze({ dataSource: 'static', height: 320 } as const),
  layoutBlocks: Object.freeze(['title', 'kpis', 'chart', 'table'] as const) satisfies readonly LayoutBlock[],
  wrapper: 'full',
  searchMode: 'global',
  striped: false,
  exportXlsx: false,
  exportPdfUrl: null,
} as const);
