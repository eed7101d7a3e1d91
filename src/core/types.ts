/**
 * The public types of the core contract: the wire spec (snake_case, what a model or an API sends),
 * the typed spec (camelCase, defaults filled), and everything the renderer produces from a spec plus
 * rows. Nothing here imports Vue, the DOM or Node; every type is plain data unless it says otherwise.
 *
 * @module
 */

/** Display format of a column or KPI value. `percent` means a fraction: 0.125 shows as 12.5 %. */
export type ValueFormat = 'text' | 'number' | 'currency' | 'percent';
/** Horizontal alignment of a column's cells and header. */
export type Align = 'left' | 'center' | 'right';
/** How a KPI turns a column of values into one number. See `resolveKpis` for the exact semantics. */
export type KpiAggregate = 'count' | 'count_distinct' | 'sum' | 'avg' | 'min' | 'max' | 'median';
/** The mood of a KPI card. It is always said in words as well as by colour. */
export type KpiTone = 'neutral' | 'good' | 'bad' | 'warning' | 'info';
/** Named icons a KPI card may show; the spec names one, the renderer draws a fixed glyph for it. */
export type KpiIcon =
  | 'chart'
  | 'money'
  | 'users'
  | 'cart'
  | 'clock'
  | 'percent'
  | 'star'
  | 'alert'
  | 'check'
  | 'box'
  | 'globe'
  | 'trend_up'
  | 'trend_down';
/** Chart kinds the core can build an option for. */
export type ChartType = 'bar' | 'horizontal_bar' | 'stacked_bar' | 'line' | 'area' | 'pie' | 'donut';
/** Where a chart's rows come from: the artifact's rows, or the visible rows of a data grid. */
export type ChartDataSource = 'static' | 'grid_filtered';
/** Blocks a layout may order. */
export type LayoutBlock = 'title' | 'kpis' | 'chart' | 'table';
/** Outer wrapper of the view: page-wide, inside a card, or a bare shell for embedding. */
export type Wrapper = 'full' | 'inner' | 'shell';
/** How a table is searched. */
export type SearchMode = 'global' | 'per_column' | 'disabled';

/** A row as the host supplies it. Values are read, never mutated. */
export type Row = Readonly<Record<string, unknown>>;

// ---------------------------------------------------------------------------------------------
// Wire spec (snake_case). Exactly the fields of the interface document.
// ---------------------------------------------------------------------------------------------

/** A column of the wire spec. */
export interface ColumnSpecWire {
  key: string;
  label: string;
  format?: ValueFormat;
  align?: Align;
  sortable?: boolean;
  searchable?: boolean;
  /** http(s) or relative URL with `{placeholder}` parts taken from row keys. */
  link_template?: string;
  /** CSS length such as `120px`, `12rem`, `20%` or `auto`. */
  width?: string;
}

/** A KPI of the wire spec. It names an aggregate, never a value. */
export interface KpiSpecWire {
  label: string;
  column_key?: string;
  aggregate: KpiAggregate;
  format?: ValueFormat;
  icon?: KpiIcon;
  tone?: KpiTone;
}

/** One series of a chart: the row key it plots and the label it shows. */
export interface ChartSeriesWire {
  key: string;
  label: string;
}

/** A chart of the wire spec. */
export interface ChartSpecWire {
  id: string;
  chart_type: ChartType;
  x_key: string;
  series: ChartSeriesWire[];
  data_source?: ChartDataSource;
  /** Pixels. */
  height?: number;
}

/** The whole wire spec, as JSON carries it. Version 1 of `schema/grid-view-spec.v1.json`. */
export interface GridViewSpecWire {
  grid_id: string;
  columns: ColumnSpecWire[];
  title?: string;
  kpis?: KpiSpecWire[];
  charts?: ChartSpecWire[];
  layout?: { blocks: LayoutBlock[] };
  wrapper?: Wrapper;
  search_mode?: SearchMode;
  striped?: boolean;
  export_xlsx?: boolean;
  export_pdf_url?: string;
}

// ---------------------------------------------------------------------------------------------
// Typed spec (camelCase, defaults filled). Produced only by the parser.
// ---------------------------------------------------------------------------------------------

/** A validated column with every default filled. */
export interface ColumnSpec {
  key: string;
  label: string;
  format: ValueFormat;
  align: Align;
  sortable: boolean;
  searchable: boolean;
  linkTemplate: string | null;
  width: string | null;
}

/** A validated KPI. `columnKey` is null only for `count` of rows. */
export interface KpiSpec {
  label: string;
  columnKey: string | null;
  aggregate: KpiAggregate;
  format: ValueFormat;
  icon: KpiIcon | null;
  tone: KpiTone;
}

/** A validated chart. */
export interface ChartSpec {
  id: string;
  chartType: ChartType;
  xKey: string;
  series: ChartSeriesWire[];
  dataSource: ChartDataSource;
  height: number;
}

/** A validated spec: what the renderer and every component take. Frozen by the parser. */
export interface GridViewSpec {
  gridId: string;
  title: string | null;
  columns: ColumnSpec[];
  kpis: KpiSpec[];
  charts: ChartSpec[];
  layout: { blocks: LayoutBlock[] };
  wrapper: Wrapper;
  searchMode: SearchMode;
  striped: boolean;
  exportXlsx: boolean;
  exportPdfUrl: string | null;
}

// ---------------------------------------------------------------------------------------------
// Validation issues
// ---------------------------------------------------------------------------------------------

/**
 * Stable codes of spec validation issues. The catalog with the meaning and the fix of each code is
 * `SPEC_ERROR_CATALOG` in `./errors`; the README prints it.
 */
export type SpecErrorCode =
  | 'not_object'
  | 'required'
  | 'invalid_type'
  | 'unknown_field'
  | 'invalid_pattern'
  | 'invalid_enum'
  | 'too_short'
  | 'too_long'
  | 'too_few_items'
  | 'too_many_items'
  | 'out_of_range'
  | 'duplicate_id'
  | 'duplicate_key'
  | 'invalid_width'
  | 'invalid_placeholder'
  | 'unsafe_url'
  | 'forbidden_rows'
  | 'forbidden_kpi_value'
  | 'forbidden_option'
  | 'forbidden_sql'
  | 'missing_column_key'
  | 'too_many_issues'
  | 'validation_failed';

/** One problem found in a spec. `path` points at the offending value, e.g. `columns[2].link_template`. */
export interface SpecIssue {
  code: SpecErrorCode;
  path: string;
  message: string;
}

/** Result of the non-throwing parsers. */
export type SafeParseResult = { ok: true; spec: GridViewSpec } | { ok: false; issues: SpecIssue[] };

// ---------------------------------------------------------------------------------------------
// Formatting context
// ---------------------------------------------------------------------------------------------

/** Locale and currency used to turn numbers into text. The host supplies both; nothing is hard-coded. */
export interface FormatOptions {
  /** BCP 47 tag, e.g. `en`, `uk`, `de-CH`. Defaults to `en`. */
  locale?: string;
  /** ISO 4217 code for `currency` formats. Defaults to `USD`. */
  currency?: string;
}

// ---------------------------------------------------------------------------------------------
// Render outputs
// ---------------------------------------------------------------------------------------------

/** A KPI with its value computed from rows. `value` null means "no value" and displays as "—". */
export interface ResolvedKpi {
  label: string;
  aggregate: KpiAggregate;
  columnKey: string | null;
  format: ValueFormat;
  value: number | null;
  /** The value formatted for the locale; "—" when value is null. Plain text, never markup. */
  display: string;
  icon: KpiIcon | null;
  tone: KpiTone;
  /** How many values took part in the aggregate (rows for row counts). */
  sampleSize: number;
}

/**
 * A series of a chart runtime: the spec's key and label, plus the display format of its values
 * when the renderer knows the spec's columns (the format of the column whose key is `key`).
 */
export interface ChartRuntimeSeries extends ChartSeriesWire {
  /** Format of the plotted values; absent means unknown, which formats as `number`. */
  format?: ValueFormat;
}

/** A chart's data, computed from rows. Everything `buildChartOption` needs; plain JSON. */
export interface ChartRuntime {
  id: string;
  chartType: ChartType;
  xKey: string;
  /**
   * Label of the x column (the column whose key is `xKey`), for captions. Absent when the runtime
   * was built without the spec's columns or no column has that key; callers then show `xKey`.
   */
  xLabel?: string;
  series: ChartRuntimeSeries[];
  dataSource: ChartDataSource;
  height: number;
  /** Category labels in first-seen order of `xKey`; repeated categories are aggregated (summed). */
  categories: string[];
  /** One array per series, aligned with `categories`; null is a gap (line) or left out (pie). */
  values: (number | null)[][];
  /** True when there is nothing to draw; renderers show an empty state. */
  empty: boolean;
  /** True when a long line series was down-sampled for drawing. */
  sampled: boolean;
  /** Plain-text description for assistive technology and ECharts `aria`. */
  description: string;
}

/** A column of a simple table. Callables never come from a spec: only host code sets them. */
export interface Column<R extends Row = Row> {
  key: string;
  label: string;
  format: ValueFormat;
  align: Align;
  sortable: boolean;
  searchable: boolean;
  width: string | null;
  linkTemplate: string | null;
  /** Custom sort key; when absent numbers compare as numbers and text with `Intl.Collator`. */
  sortValue?: (row: R) => unknown;
  /** Raw value written to XLSX exports; when absent the row value is written. */
  exportRaw?: (row: R) => unknown;
}

/** Serializable part of a column (no callables): what the artifact JSON carries. */
export type ColumnJson = Omit<Column, 'sortValue' | 'exportRaw'>;

/** A header group spanning some columns (multi-level headers). */
export interface ColumnGroup {
  label: string;
  columnKeys: string[];
}

/** Everything a simple table needs. `data` is the host's rows, kept raw (never made reactive). */
export interface SimpleTableConfig<R extends Row = Row> {
  gridId: string;
  columns: Column<R>[];
  columnGroups: ColumnGroup[];
  data: readonly R[];
  searchMode: SearchMode;
  striped: boolean;
  exportXlsx: boolean;
  exportPdfUrl: string | null;
  /** http(s) or relative URL with `{key}` placeholders; every value URL-encoded. */
  rowUrl: string | null;
  /** `actionName({key}, ...)`: never evaluated; names an action registered with the renderer. */
  rowOnclick: string | null;
  footerRow: Readonly<Record<string, unknown>> | null;
  footerLabel: string | null;
  /** Columns the footer label spans; at least 1. */
  footerLabelSpan: number;
}

/** Serializable simple-table configuration; rows travel once, in `GridArtifactJson.rows`. */
export type SimpleTableConfigJson = Omit<SimpleTableConfig, 'columns' | 'data'> & { columns: ColumnJson[] };

/** AG Grid column definition produced from a column spec: plain data, no callables. */
export interface DataGridColumnDef {
  field: string;
  colId: string;
  headerName: string;
  sortable: boolean;
  filter: boolean;
  type: 'numericColumn' | undefined;
  width?: number;
  cellClass: string;
  /** Column format, for the client's value formatter. */
  context: { format: ValueFormat; linkTemplate: string | null };
}

/** The locale and currency an artifact's display texts (KPI `display`) were formatted with. */
export interface ArtifactFormat {
  /** BCP 47 tag as the renderer was given it, `en` when none was. */
  locale: string;
  /** ISO 4217 code as the renderer was given it, `USD` when none was. */
  currency: string;
}

/** The camelCase JSON of an artifact: what the browser consumes. Rows appear exactly once. */
export interface GridArtifactJson {
  version: 1;
  /**
   * The formatting context of the display texts, so `hydrateArtifact` reproduces them. Optional:
   * JSON from older versions has none (hydration then defaults to `en`/`USD`).
   */
  format?: ArtifactFormat;
  gridId: string;
  title: string | null;
  layout: { blocks: LayoutBlock[] };
  wrapper: Wrapper;
  searchMode: SearchMode;
  striped: boolean;
  exportXlsx: boolean;
  exportPdfUrl: string | null;
  columns: ColumnJson[];
  tableConfig: SimpleTableConfigJson;
  dataGridColumnDefs: DataGridColumnDef[];
  kpis: ResolvedKpi[];
  charts: ChartRuntime[];
  /** The spec in wire form, so a client can rebuild live KPIs and grid_filtered charts. */
  spec: GridViewSpecWire;
  rows: Row[];
}


/**
 * What the renderer builds from a spec plus rows. Holds the rows by reference (never copied, never
 * made reactive). `toJSON()` gives the camelCase JSON the browser consumes.
 */
export interface GridArtifact<R extends Row = Row> {
  readonly spec: GridViewSpec;
  readonly gridId: string;
  readonly title: string | null;
  readonly layout: { blocks: LayoutBlock[] };
  readonly wrapper: Wrapper;
  readonly searchMode: SearchMode;
  readonly striped: boolean;
  readonly exportXlsx: boolean;
  readonly exportPdfUrl: string | null;
  readonly columns: Column<R>[];
  readonly tableConfig: SimpleTableConfig<R>;
  readonly dataGridColumnDefs: DataGridColumnDef[];
  readonly kpis: ResolvedKpi[];
  readonly charts: ChartRuntime[];
  readonly rows: readonly R[];
  /** The locale and currency the KPI texts were formatted with (also written to the JSON). */
  readonly format?: Readonly<ArtifactFormat>;
  toJSON(): GridArtifactJson;
}

// ---------------------------------------------------------------------------------------------
// Preferences (shared by server and client)
// ---------------------------------------------------------------------------------------------

/** State of one column inside a saved preset. */
export interface PresetColumnState {
  colId: string;
  hide?: boolean;
  pinned?: 'left' | 'right' | null;
  width?: number;
  sort?: 'asc' | 'desc' | null;
  sortIndex?: number | null;
}

/** A named column layout: order is the order of `columns`. */
export interface ColumnPreset {
  columns: PresetColumnState[];
  /** True for the one preset a grid applies when it opens without a layout of its own. Absent: false. */
  default?: boolean;
}

/** A user's preferences for one grid. */
export interface GridPrefs {
  colPresets: Record<string, ColumnPreset>;
  searches: string[];
  /** ISO 8601 time of the last save; null when nothing is stored. */
  updatedAt: string | null;
}

/** A save: absent fields stay as stored (saving presets never wipes searches). */
export interface GridPrefsPatch {
  colPresets?: Record<string, ColumnPreset>;
  searches?: string[];
}
