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
 * defaults to four blocks in the order title, kpis, chart, table (a block with nothing to show,
 * such as `chart` without charts, is simply skipped by renderers). Some defaults depend on other
 * fields and are written as a rule rather than a value here:
 *
 * - a column's `total` is `sum` for `number`, `currency` and `percent` columns, `none` for `text`
 *   (`column.totalNumeric`/`column.totalText`);
 * - a column's `align` is `right` for `number`, `currency` and `percent` columns (digits line up
 *   under each other, in the simple table, the data grid and server-rendered tables alike), `left`
 *   for `text` (`column.alignNumeric`/`column.align`);
 * - a chart's `aggregate` is `sum` when it names values (`series` or `value_key`), else `count`;
 * - a chart's `height` is `chart.seedHeight` (300) when it uses the seed system's form (`label_key`,
 *   `value_key` or `group_by`), else `chart.height` (320);
 * - a chart's `stacked` is true for `stacked_bar` only;
 * - a series' `label` is the label of the column with the series' key, else the key.
 */
export const SPEC_DEFAULTS = Object.freeze({
  title: null,
  column: Object.freeze({
    format: 'text',
    align: 'left',
    alignNumeric: 'right',
    sortable: true,
    searchable: true,
    linkTemplate: null,
    width: null,
    menuGroup: null,
    hidden: false,
    exportable: true,
    totalNumeric: 'sum',
    totalText: 'none',
  } as const),
  kpi: Object.freeze({ columnKey: null, aggregate: 'count', format: 'number', icon: null, tone: 'neutral' } as const),
  chart: Object.freeze({
    dataSource: 'static',
    height: 320,
    seedHeight: 300,
    title: null,
    aggregateWithValues: 'sum',
    aggregateWithoutValues: 'count',
    centerTotal: false,
    sort: null,
  } as const),
  series: Object.freeze({ color: null, seriesType: null } as const),
  layoutBlocks: Object.freeze(['title', 'kpis', 'chart', 'table'] as const) satisfies readonly LayoutBlock[],
  kpiColumns: 4,
  exportColumns: null,
  groupBy: null,
  wrapper: 'full',
  searchMode: 'global',
  striped: false,
  exportXlsx: false,
  exportPdfUrl: null,
} as const);
