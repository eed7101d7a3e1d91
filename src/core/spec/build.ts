/**
 * From a validated wire snapshot to the typed, frozen, branded `GridViewSpec`, and back to the
 * minimal wire form.
 *
 * @module
 */
import { AGGREGATES, findAggregate } from '../aggregates';
import { normaliseCssColor } from '../color';
import type {
  Align,
  ChartSeriesSpec,
  ChartSeriesWire,
  ChartSpec,
  ChartSpecWire,
  ColumnSpec,
  ColumnSpecWire,
  ColumnTotal,
  GridViewSpec,
  GridViewSpecWire,
  KpiAggregate,
  KpiIcon,
  KpiSpec,
  KpiSpecWire,
  KpiTone,
  KpiToneAlias,
  LayoutBlock,
  SpecWarning,
  ValueFormat,
} from '../types';
import { chartTypes } from '../chart/registry';
import { SPEC_DEFAULTS } from './defaults';
import { SPEC_ENUMS } from './enums';
import { formatPath } from './issues';
import { say } from './said';

export { SPEC_DEFAULTS };

const DEFAULT_LAYOUT_BLOCKS: readonly LayoutBlock[] = SPEC_DEFAULTS.layoutBlocks;

/** The seed system's tone names and the tone each one means. */
const TONE_ALIASES: Readonly<Record<KpiToneAlias, KpiTone>> = { default: 'neutral', green: 'good', red: 'bad', amber: 'warning' };

const KNOWN_ICONS: ReadonlySet<string> = new Set(SPEC_ENUMS.icon);

/** A wire tone (canonical or seed alias) as the one vocabulary of a parsed spec. */
export function canonicalTone(tone: string | undefined): KpiTone {
  if (tone === undefined) return SPEC_DEFAULTS.kpi.tone;
  return (TONE_ALIASES as Readonly<Record<string, KpiTone>>)[tone] ?? (tone as KpiTone);
}

/** A wire icon as a drawable icon, or null for none (absent, or text that names no icon of ours). */
export function knownIcon(icon: string | undefined): KpiIcon | null {
  return icon !== undefined && KNOWN_ICONS.has(icon) ? (icon as KpiIcon) : null;
}

/** The group total a column gets when its spec names none: numeric formats sum, text shows none. */
export function defaultColumnTotal(format: ValueFormat): ColumnTotal {
  return format === 'text' ? SPEC_DEFAULTS.column.totalText : SPEC_DEFAULTS.column.totalNumeric;
}

/**
 * A column's alignment when its spec gives none: `right` for `number`, `currency` and `percent`
 * (figures line up), `left` for `text`. An explicit `align` always wins.
 */
export function defaultColumnAlign(format: ValueFormat): Align {
  return format === 'text' ? SPEC_DEFAULTS.column.align : SPEC_DEFAULTS.column.alignNumeric;
}

/** Which wire field names a chart's categories (the first present; the rules allow only one). */
function categoryFieldOf(wire: ChartSpecWire): ChartSpec['categoryField'] {
  if (wire.group_by !== undefined) return 'group_by';
  if (wire.label_key !== undefined) return 'label_key';
  return 'x_key';
}

/** True when a chart uses the seed system's form, whose default height is 300 rather than 320. */
export function isSeedChartForm(chart: Pick<ChartSpec, 'categoryField' | 'valueField'>): boolean {
  return chart.categoryField !== 'x_key' || chart.valueField === 'value_key';
}

/** The default aggregate of a chart: `sum` of named values, else a `count` of rows. */
export function defaultChartAggregate(valueField: ChartSpec['valueField']): KpiAggregate {
  return valueField === null ? SPEC_DEFAULTS.chart.aggregateWithoutValues : SPEC_DEFAULTS.chart.aggregateWithValues;
}

/** Column labels by key (the first of a repeated key wins, as everywhere). */
export type ColumnLabels = ReadonlyMap<string, string>;

/** A wire series as a validated one: the label from the column (else the key), the colour as hex. */
function toSeries(wire: ChartSeriesWire, labels: ColumnLabels, slices: boolean): ChartSeriesSpec {
  return {
    key: wire.key,
    label: wire.label ?? labels.get(wire.key) ?? wire.key,
    // A pie's slices take the palette's colours and have no bar/line type: ignored (with a warning).
    color: wire.color === undefined || slices ? SPEC_DEFAULTS.series.color : normaliseCssColor(wire.color),
    seriesType: slices ? SPEC_DEFAULTS.series.seriesType : (wire.series_type ?? SPEC_DEFAULTS.series.seriesType),
  };
}

/** Chart types drawn as slices of the first series (pie, donut). */
const PIE_TYPES: ReadonlySet<string> = new Set(chartTypes.names.filter((type) => chartTypes.entry(type).family === 'pie'));
/** A donut's centre total means something only for an aggregate whose values add up (the registry's `additive`). */
function totals(aggregate: string): boolean {
  return findAggregate(AGGREGATES, aggregate)?.additive === true;
}

/** One chart field the parser accepts (the seed system's schema allows it) but cannot honour. */
export interface IgnoredChartField {
  /** Path below the chart, e.g. `stacked` or `series[0].color`. */
  readonly field: string;
  /** The template of the warning that says why it has no effect. */
  readonly why: 'ignored_stacked' | 'ignored_unstacked' | 'ignored_color' | 'ignored_series_type' | 'ignored_center_total' | 'ignored_center_aggregate' | 'ignored_label_key';
  /** The chart type, or for `ignored_center_aggregate` the aggregate, the warning names. */
  readonly name: string;
}

/** Why an ignored chart field has no effect, in English: the middle of its warning. */
const IGNORED: Readonly<Record<IgnoredChartField['why'], (name: string) => string>> = {
  ignored_stacked: (type) => `has no effect on a ${type} chart: only bars, lines and areas stack`,
  ignored_unstacked: () => 'cannot unstack a stacked_bar chart (use chart_type "bar" for bars side by side)',
  ignored_color: (type) => `has no effect on a ${type} chart: each slice takes a colour of the theme's palette`,
  ignored_series_type: (type) => `has no effect on a ${type} chart: only bar and line charts mix bars and lines`,
  ignored_center_total: (type) => `has no effect on a ${type} chart: only a donut shows a centre total`,
  ignored_center_aggregate: (aggregate) => `has no effect with aggregate "${aggregate}": only a total of sums or counts means something`,
  ignored_label_key: (type) => `has no effect beside group_by on a ${type} chart: its slices are the groups of group_by`,
};

/**
 * The fields of a wire chart that have no meaning for its type, which the seed system's v1 schema
 * accepts and its renderer ignores: stacking, series colours and series types on a pie or donut,
 * `stacked: false` on a stacked_bar, `center_total` on anything but a donut that sums or counts. The
 * parsed spec drops them and the parser warns (`ignored_field`) instead of refusing the spec.
 * Unknown chart types or aggregates ignore nothing here (their own rules refuse them).
 */
export function ignoredChartFields(wire: Partial<ChartSpecWire>): IgnoredChartField[] {
  const ignored: IgnoredChartField[] = [];
  const type = wire.chart_type;
  const slices = typeof type === 'string' && PIE_TYPES.has(type);
  if (slices && wire.stacked !== undefined) ignored.push({ field: 'stacked', why: 'ignored_stacked', name: type });
  // The seed system's pies name both; it groups by group_by (and sums value_key).
  if (slices && wire.label_key !== undefined && wire.group_by !== undefined) ignored.push({ field: 'label_key', why: 'ignored_label_key', name: type });
  if (type === 'stacked_bar' && wire.stacked === false) ignored.push({ field: 'stacked', why: 'ignored_unstacked', name: type });
  if (slices && Array.isArray(wire.series)) {
    wire.series.forEach((series: unknown, i) => {
      if (typeof series !== 'object' || series === null) return;
      const entry = series as Partial<ChartSeriesWire>;
      if (entry.color !== undefined) ignored.push({ field: `series[${i}].color`, why: 'ignored_color', name: type });
      if (entry.series_type !== undefined) ignored.push({ field: `series[${i}].series_type`, why: 'ignored_series_type', name: type });
    });
  }
  if (wire.center_total === true && typeof type === 'string' && SPEC_ENUMS.chart_type.some((t) => t === type)) {
    if (type !== 'donut') ignored.push({ field: 'center_total', why: 'ignored_center_total', name: type });
    else if (wire.aggregate !== undefined && findAggregate(AGGREGATES, wire.aggregate) !== undefined && !totals(wire.aggregate)) {
      ignored.push({ field: 'center_total', why: 'ignored_center_aggregate', name: wire.aggregate });
    }
  }
  return ignored;
}

/**
 * A wire chart as a validated one. Exported for the chart runtime, which accepts unparsed wire
 * charts too; the input is expected to have passed the rules (or to be close enough: an absent
 * category key becomes '').
 */
export function toChart(wire: ChartSpecWire, labels: ColumnLabels = new Map()): ChartSpec {
  const categoryField = categoryFieldOf(wire);
  const valueField: ChartSpec['valueField'] = wire.series !== undefined ? 'series' : wire.value_key !== undefined ? 'value_key' : null;
  const slices = PIE_TYPES.has(wire.chart_type);
  const series =
    valueField === 'series'
      ? (wire.series ?? []).map((s) => toSeries(s, labels, slices))
      : valueField === 'value_key'
        ? [toSeries({ key: wire.value_key as string }, labels, slices)]
        : [];
  const aggregate = wire.aggregate ?? defaultChartAggregate(valueField);
  const chart: ChartSpec = {
    id: wire.id,
    chartType: wire.chart_type,
    title: wire.title ?? SPEC_DEFAULTS.chart.title,
    xKey: (categoryField === 'group_by' ? wire.group_by : categoryField === 'label_key' ? wire.label_key : wire.x_key) ?? '',
    categoryField,
    series,
    valueField,
    aggregate,
    // Fields without meaning for the type are dropped (see ignoredChartFields).
    stacked: wire.chart_type === 'stacked_bar' ? true : slices ? false : (wire.stacked ?? false),
    centerTotal: wire.chart_type === 'donut' && totals(aggregate) ? (wire.center_total ?? SPEC_DEFAULTS.chart.centerTotal) : SPEC_DEFAULTS.chart.centerTotal,
    sort: wire.sort ?? SPEC_DEFAULTS.chart.sort,
    dataSource: wire.data_source ?? SPEC_DEFAULTS.chart.dataSource,
    height: 0,
  };
  chart.height = wire.height ?? (isSeedChartForm(chart) ? SPEC_DEFAULTS.chart.seedHeight : SPEC_DEFAULTS.chart.height);
  return chart;
}

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
  const format = wire.format ?? SPEC_DEFAULTS.column.format;
  return {
    key: wire.key,
    label: wire.label,
    format,
    align: wire.align ?? defaultColumnAlign(format),
    sortable: wire.sortable ?? SPEC_DEFAULTS.column.sortable,
    searchable: wire.searchable ?? SPEC_DEFAULTS.column.searchable,
    linkTemplate: wire.link_template ?? SPEC_DEFAULTS.column.linkTemplate,
    width: wire.width ?? SPEC_DEFAULTS.column.width,
    menuGroup: wire.menu_group ?? SPEC_DEFAULTS.column.menuGroup,
    hidden: wire.hidden ?? SPEC_DEFAULTS.column.hidden,
    exportable: wire.exportable ?? SPEC_DEFAULTS.column.exportable,
    total: wire.total ?? defaultColumnTotal(format),
  };
}

/** A wire KPI as a validated one: aggregate `count` when absent, tone aliases and unknown icons resolved. */
export function toKpi(wire: KpiSpecWire): KpiSpec {
  return {
    label: wire.label,
    columnKey: wire.column_key ?? SPEC_DEFAULTS.kpi.columnKey,
    aggregate: wire.aggregate ?? SPEC_DEFAULTS.kpi.aggregate,
    format: wire.format ?? SPEC_DEFAULTS.kpi.format,
    icon: knownIcon(wire.icon),
    tone: canonicalTone(wire.tone),
  };
}

/** Column labels by key, for series labels. */
function labelsOf(columns: readonly { key: string; label: string }[]): ColumnLabels {
  const labels = new Map<string, string>();
  for (const column of columns) if (!labels.has(column.key)) labels.set(column.key, column.label);
  return labels;
}

/**
 * The warnings of a spec that passed (or nearly passed) the rules: every chart field without meaning
 * for its chart (`ignored_field`) and every KPI icon that is text but names no icon the renderers
 * draw (`unknown_icon`). Tolerates a malformed snapshot, since warnings are reported on
 * invalid specs too.
 */
export function specWarnings(snapshot: unknown): SpecWarning[] {
  const warnings: SpecWarning[] = [];
  const charts = typeof snapshot === 'object' && snapshot !== null ? (snapshot as { charts?: unknown }).charts : undefined;
  if (Array.isArray(charts)) {
    charts.forEach((chart: unknown, i) => {
      if (typeof chart !== 'object' || chart === null) return;
      for (const { field, why, name } of ignoredChartFields(chart as Partial<ChartSpecWire>)) {
        const path = `${formatPath(['charts', i])}.${field}`;
        const { text, detail } = say(why, why === 'ignored_center_aggregate' ? { path, aggregate: name } : { path, type: name }, `${path} ${IGNORED[why](name)}, so it is ignored. Remove it.`);
        warnings.push({ code: 'ignored_field', path, message: text, detail });
      }
    });
  }
  const kpis = typeof snapshot === 'object' && snapshot !== null ? (snapshot as { kpis?: unknown }).kpis : undefined;
  if (!Array.isArray(kpis)) return warnings;
  kpis.forEach((kpi: unknown, i) => {
    const icon = typeof kpi === 'object' && kpi !== null ? (kpi as { icon?: unknown }).icon : undefined;
    if (typeof icon !== 'string' || KNOWN_ICONS.has(icon)) return;
    const path = formatPath(['kpis', i, 'icon']);
    const preview = icon.length > 40 ? `${icon.slice(0, 40)}…` : icon;
    const quoted = JSON.stringify(preview);
    const icons = SPEC_ENUMS.icon.map((n) => `"${n}"`).join(', ');
    const { text, detail } = say('unknown_icon', { path, icon: quoted, icons }, `${path} ${quoted} is not an icon this library draws, so the card shows no icon. Use one of ${icons}, or leave icon out.`);
    warnings.push({ code: 'unknown_icon', path, message: text, detail });
  });
  return warnings;
}

/** Builds the typed spec from a snapshot that passed every rule; freezes and brands it. */
export function buildSpec(wire: GridViewSpecWire): GridViewSpec {
  const labels = labelsOf(wire.columns);
  const spec: GridViewSpec = {
    gridId: wire.grid_id,
    title: wire.title ?? SPEC_DEFAULTS.title,
    columns: wire.columns.map(toColumn),
    kpis: (wire.kpis ?? []).map(toKpi),
    charts: (wire.charts ?? []).map((chart) => toChart(chart, labels)),
    layout: { blocks: [...(wire.layout?.blocks ?? DEFAULT_LAYOUT_BLOCKS)], kpiColumns: wire.layout?.kpi_columns ?? SPEC_DEFAULTS.kpiColumns },
    wrapper: wire.wrapper ?? SPEC_DEFAULTS.wrapper,
    searchMode: wire.search_mode ?? SPEC_DEFAULTS.searchMode,
    striped: wire.striped ?? SPEC_DEFAULTS.striped,
    exportXlsx: wire.export_xlsx ?? SPEC_DEFAULTS.exportXlsx,
    exportPdfUrl: wire.export_pdf_url ?? SPEC_DEFAULTS.exportPdfUrl,
    exportColumns: wire.export_columns === undefined ? SPEC_DEFAULTS.exportColumns : [...wire.export_columns],
    groupBy: wire.group_by ?? SPEC_DEFAULTS.groupBy,
  };
  deepFreeze(spec);
  PARSED.add(spec);
  return spec;
}

function sameBlocks(blocks: readonly LayoutBlock[]): boolean {
  return blocks.length === DEFAULT_LAYOUT_BLOCKS.length && blocks.every((b, i) => b === DEFAULT_LAYOUT_BLOCKS[i]);
}

function seriesToWire(series: ChartSeriesSpec, labels: ColumnLabels): ChartSeriesWire {
  const wire: ChartSeriesWire = { key: series.key };
  // Left out when it is the default (the column's label, else the key): a key such as " " is a
  // valid key but no valid label, so writing the default back could even make the wire invalid.
  if (series.label !== (labels.get(series.key) ?? series.key)) wire.label = series.label;
  if (series.color !== null) wire.color = series.color;
  if (series.seriesType !== null) wire.series_type = series.seriesType;
  return wire;
}

function chartToWire(c: ChartSpec, labels: ColumnLabels): ChartSpecWire {
  const chart: ChartSpecWire = { id: c.id, chart_type: c.chartType };
  chart[c.categoryField] = c.xKey;
  if (c.valueField === 'series') chart.series = c.series.map((s) => seriesToWire(s, labels));
  else if (c.valueField === 'value_key' && c.series[0] !== undefined) chart.value_key = c.series[0].key;
  if (c.title !== null) chart.title = c.title;
  if (c.aggregate !== defaultChartAggregate(c.valueField)) chart.aggregate = c.aggregate;
  if (c.stacked !== (c.chartType === 'stacked_bar')) chart.stacked = c.stacked;
  if (c.centerTotal !== SPEC_DEFAULTS.chart.centerTotal) chart.center_total = c.centerTotal;
  if (c.sort !== null && c.sort !== undefined) chart.sort = c.sort;
  if (c.dataSource !== SPEC_DEFAULTS.chart.dataSource) chart.data_source = c.dataSource;
  if (c.height !== (isSeedChartForm(c) ? SPEC_DEFAULTS.chart.seedHeight : SPEC_DEFAULTS.chart.height)) chart.height = c.height;
  return chart;
}

/**
 * The minimal wire form of a typed spec: every field equal to its default is left out, except a
 * KPI's `aggregate`, which is always written (versions before the seed fields required it). Tones
 * are written with their canonical names, colours as lower-case hex.
 */
export function toWire(spec: GridViewSpec): GridViewSpecWire {
  const wire: GridViewSpecWire = {
    grid_id: spec.gridId,
    columns: spec.columns.map((c) => {
      const column: ColumnSpecWire = { key: c.key, label: c.label };
      if (c.format !== SPEC_DEFAULTS.column.format) column.format = c.format;
      if (c.align !== defaultColumnAlign(c.format)) column.align = c.align;
      if (c.sortable !== SPEC_DEFAULTS.column.sortable) column.sortable = c.sortable;
      if (c.searchable !== SPEC_DEFAULTS.column.searchable) column.searchable = c.searchable;
      if (c.linkTemplate !== null) column.link_template = c.linkTemplate;
      if (c.width !== null) column.width = c.width;
      if (c.menuGroup !== null) column.menu_group = c.menuGroup;
      if (c.hidden !== SPEC_DEFAULTS.column.hidden) column.hidden = c.hidden;
      if (c.exportable !== SPEC_DEFAULTS.column.exportable) column.exportable = c.exportable;
      if (c.total !== defaultColumnTotal(c.format)) column.total = c.total;
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
    const labels = labelsOf(spec.columns);
    wire.charts = spec.charts.map((chart) => chartToWire(chart, labels));
  }
  const layout: NonNullable<GridViewSpecWire['layout']> = {};
  if (!sameBlocks(spec.layout.blocks)) layout.blocks = [...spec.layout.blocks];
  if (spec.layout.kpiColumns !== SPEC_DEFAULTS.kpiColumns) layout.kpi_columns = spec.layout.kpiColumns;
  if (layout.blocks !== undefined || layout.kpi_columns !== undefined) wire.layout = layout;
  if (spec.wrapper !== SPEC_DEFAULTS.wrapper) wire.wrapper = spec.wrapper;
  if (spec.searchMode !== SPEC_DEFAULTS.searchMode) wire.search_mode = spec.searchMode;
  if (spec.striped !== SPEC_DEFAULTS.striped) wire.striped = spec.striped;
  if (spec.exportXlsx !== SPEC_DEFAULTS.exportXlsx) wire.export_xlsx = spec.exportXlsx;
  if (spec.exportPdfUrl !== null) wire.export_pdf_url = spec.exportPdfUrl;
  if (spec.exportColumns !== null) wire.export_columns = [...spec.exportColumns];
  if (spec.groupBy !== null) wire.group_by = spec.groupBy;
  return wire;
}
