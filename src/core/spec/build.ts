/**
 * From a validated wire snapshot to the typed, frozen, branded `GridViewSpec`, and back to the
 * minimal wire form.
 *
 * @module
 */
import type {
  ChartSpec,
  ChartSpecWire,
  ColumnSpec,
  ColumnSpecWire,
  GridViewSpec,
  GridViewSpecWire,
  KpiSpec,
  KpiSpecWire,
  LayoutBlock,
} from '../types';
import { SPEC_DEFAULTS } from './defaults';

export { SPEC_DEFAULTS };


const DEFAULT_LAYOUT_BLOCKS: readonly LayoutBlock[] = SPEC_DEFAULTS.layoutBlocks;
const DEFAULT_CHART_HEIGHT: number = SPEC_DEFAULTS.chart.height;

/** Objects made by the parser. A WeakSet so that a spec is not kept alive by being branded. */
const PARSED = new WeakSet<object>();

/** True only for specs the parser produced (and not for copies, spreads or proxies of them). */
export function isBranded(value: unknown): boolean {
  return typeof value === 'object' && value !== null && PARSED.has(value);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function toColumn(wire: ColumnSpecWire): ColumnSpec {
  return {
    key: wire.key,
    label: wire.label,
    format: wire.format ?? SPEC_DEFAULTS.column.format,
    align: wire.align ?? SPEC_DEFAULTS.column.align,
    sortable: wire.sortable ?? SPEC_DEFAULTS.column.sortable,
    searchable: wire.searchable ?? SPEC_DEFAULTS.column.searchable,
    linkTemplate: wire.link_template ?? SPEC_DEFAULTS.column.linkTemplate,
    width: wire.width ?? SPEC_DEFAULTS.column.width,
  };
}

function toKpi(wire: KpiSpecWire): KpiSpec {
  return {
    label: wire.label,
    columnKey: wire.column_key ?? SPEC_DEFAULTS.kpi.columnKey,
    aggregate: wire.aggregate,
    format: wire.format ?? SPEC_DEFAULTS.kpi.format,
    icon: wire.icon ?? SPEC_DEFAULTS.kpi.icon,
    tone: wire.tone ?? SPEC_DEFAULTS.kpi.tone,
  };
}

function toChart(wire: ChartSpecWire): ChartSpec {
  return {
    id: wire.id,
    chartType: wire.chart_type,
    xKey: wire.x_key,
    series: wire.series.map((s) => ({ key: s.key, label: s.label })),
    dataSource: wire.data_source ?? SPEC_DEFAULTS.chart.dataSource,
    height: wire.height ?? DEFAULT_CHART_HEIGHT,
  };
}

/** Builds the typed spec from a snapshot that passed every rule; freezes and brands it. */
export function buildSpec(wire: GridViewSpecWire): GridViewSpec {
  const spec: GridViewSpec = {
    gridId: wire.grid_id,
    title: wire.title ?? SPEC_DEFAULTS.title,
    columns: wire.columns.map(toColumn),
    kpis: (wire.kpis ?? []).map(toKpi),
    charts: (wire.charts ?? []).map(toChart),
    layout: { blocks: [...(wire.layout?.blocks ?? DEFAULT_LAYOUT_BLOCKS)] },
    wrapper: wire.wrapper ?? SPEC_DEFAULTS.wrapper,
    searchMode: wire.search_mode ?? SPEC_DEFAULTS.searchMode,
    striped: wire.striped ?? SPEC_DEFAULTS.striped,
    exportXlsx: wire.export_xlsx ?? SPEC_DEFAULTS.exportXlsx,
    exportPdfUrl: wire.export_pdf_url ?? SPEC_DEFAULTS.exportPdfUrl,
  };
  deepFreeze(spec);
  PARSED.add(spec);
  return spec;
}

function sameBlocks(blocks: readonly LayoutBlock[]): boolean {
  return blocks.length === DEFAULT_LAYOUT_BLOCKS.length && blocks.every((b, i) => b === DEFAULT_LAYOUT_BLOCKS[i]);
}

/** The minimal wire form of a typed spec: every field equal to its default is left out. */
export function toWire(spec: GridViewSpec): GridViewSpecWire {
  const wire: GridViewSpecWire = {
    grid_id: spec.gridId,
    columns: spec.columns.map((c) => {
      const column: ColumnSpecWire = { key: c.key, label: c.label };
      if (c.format !== SPEC_DEFAULTS.column.format) column.format = c.format;
      if (c.align !== SPEC_DEFAULTS.column.align) column.align = c.align;
      if (c.sortable !== SPEC_DEFAULTS.column.sortable) column.sortable = c.sortable;
      if (c.searchable !== SPEC_DEFAULTS.column.searchable) column.searchable = c.searchable;
      if (c.linkTemplate !== null) column.link_template = c.linkTemplate;
      if (c.width !== null) column.width = c.width;
      return column;
    }),
  };
  if (spec.title !== null) wire.title = spec.title;
  if (spec.kpis.length > 0) {
    wire.kpis = spec.kpis.map((k) => {
      const kpi: KpiSpecWire = { label: k.label, aggregate: k.aggregate };
      if (k.columnKey !== null) kpi.column_key = k.columnKey;
      if (k.format !== SPEC_DEFAULTS.kpi.format) kpi.format = k.format;
      if (k.icon !== null) kpi.icon = k.icon;
      if (k.tone !== SPEC_DEFAULTS.kpi.tone) kpi.tone = k.tone;
      return kpi;
    });
  }
  if (spec.charts.length > 0) {
    wire.charts = spec.charts.map((c) => {
      const chart: ChartSpecWire = { id: c.id, chart_type: c.chartType, x_key: c.xKey, series: c.series.map((s) => ({ key: s.key, label: s.label })) };
      if (c.dataSource !== SPEC_DEFAULTS.chart.dataSource) chart.data_source = c.dataSource;
      if (c.height !== DEFAULT_CHART_HEIGHT) chart.height = c.height;
      return chart;
    });
  }
  if (!sameBlocks(spec.layout.blocks)) wire.layout = { blocks: [...spec.layout.blocks] };
  if (spec.wrapper !== SPEC_DEFAULTS.wrapper) wire.wrapper = spec.wrapper;
  if (spec.searchMode !== SPEC_DEFAULTS.searchMode) wire.search_mode = spec.searchMode;
  if (spec.striped !== SPEC_DEFAULTS.striped) wire.striped = spec.striped;
  if (spec.exportXlsx !== SPEC_DEFAULTS.exportXlsx) wire.export_xlsx = spec.exportXlsx;
  if (spec.exportPdfUrl !== null) wire.export_pdf_url = spec.exportPdfUrl;
  return wire;
}
