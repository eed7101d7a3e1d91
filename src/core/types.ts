/**
 * The public types of the core contract: the wire spec (snake_case, what a model or an API sends),
 * the typed spec (camelCase, defaults filled), and everything the renderer produces from a spec plus
 * rows. Nothing here imports Vue, the DOM or Node; every type is plain data unless it says otherwise.
 *
 * @module
 */
import type { AggregateName } from './aggregates';

/** Display format of a column or KPI value. `percent` means a fraction: 0.125 shows as 12.5 %. */
export type ValueFormat = 'text' | 'number' | 'currency' | 'percent';
/** Horizontal alignment of a column's cells and header. */
export type Align = 'left' | 'center' | 'right';
/**
 * How a KPI or a chart turns a column of values into one number (`count`, `sum`, `median`, …): a
 * name of the aggregate registry (`src/core/aggregates.ts`), which states each one's semantics and
 * edge cases; see also `resolveKpis`.
 */
export type KpiAggregate = AggregateName;
/** The mood of a KPI card. It is always said in words as well as by colour. */
export type KpiTone = 'neutral' | 'good' | 'bad' | 'warning' | 'info';
/**
 * The seed system's names of KPI tones, accepted on the wire and normalised on parse: `default` is
 * `neutral`, `green` is `good`, `red` is `bad`, `amber` is `warning`. A parsed spec and
 * `specToWire` only ever hold `KpiTone`.
 */
export type KpiToneAlias = 'default' | 'green' | 'red' | 'amber';
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
/** Order of a bar chart's categories by value: smallest first (`asc`) or largest first (`desc`). */
export type ChartSortOrder = 'asc' | 'desc';
/**
 * Blocks a layout may order. `toolbar` and `ag_grid` are the seed system's names of the data grid's
 * toolbar and of the data grid itself (shown in place of the simple table); renderers that do not
 * draw them skip them.
 */
export type LayoutBlock = 'title' | 'kpis' | 'chart' | 'table' | 'toolbar' | 'ag_grid';
/** How a series of a bar or line chart is drawn, for mixed bar + line charts. */
export type ChartSeriesType = 'bar' | 'line';
/**
 * The total a column shows in a group header row (table `group_by`): an aggregate of the group's
 * values, or `none`.
 */
export type ColumnTotal = 'sum' | 'avg' | 'min' | 'max' | 'count' | 'none';
/** Which wire field named a chart's categories (see `ChartSpec.categoryField`). */
export type ChartCategoryField = 'x_key' | 'label_key' | 'group_by';
/** Which wire field named a chart's values (see `ChartSpec.valueField`). */
export type ChartValueField = 'series' | 'value_key';
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
  /** Heading the column is listed under in a column chooser. Seed system v1. */
  menu_group?: string;
  /** Hidden until the user shows it (column chooser). Seed system v1. @default false */
  hidden?: boolean;
  /** Included in exports. Seed system v1. @default true */
  exportable?: boolean;
  /**
   * Total shown in group header rows when the table has `group_by`.
   * @default `sum` for `number`, `currency` and `percent` columns, `none` for `text` columns
   */
  total?: ColumnTotal;
}

/** A KPI of the wire spec. It names an aggregate, never a value. */
export interface KpiSpecWire {
  label: string;
  column_key?: string;
  /** @default 'count' (seed system v1; counts rows without `column_key`) */
  aggregate?: KpiAggregate;
  format?: ValueFormat;
  /**
   * One of `KpiIcon`. Any other text (the seed system took free text) is accepted with a warning
   * (`unknown_icon`) and shows no icon.
   */
  icon?: KpiIcon | (string & {});
  /** A `KpiTone` or a seed-system alias, normalised on parse. */
  tone?: KpiTone | KpiToneAlias;
}

/** One series of a chart: the row key it plots and the label it shows. */
export interface ChartSeriesWire {
  key: string;
  /** @default the label of the column whose key is `key`, else `key` */
  label?: string;
  /**
   * A CSS colour: hex (`#36c`, `#3366cc`, with alpha `#3366cc80`), `rgb()`/`rgba()`, `hsl()`/`hsla()`
   * or a named colour (`steelblue`). Normalised to lower-case hex on parse; renderers adjust it to
   * keep 3:1 contrast with the theme's background. @default a colour of the theme's palette
   */
  color?: string;
  /** Draw this series as bars or as a line (mixed charts); not for pie and donut. @default the chart's own kind */
  series_type?: ChartSeriesType;
}

/**
 * A chart of the wire spec. The categories come from exactly one of `x_key`, `label_key` or
 * `group_by`; the values from `series`, from `value_key`, or from neither (the chart then counts
 * rows per category).
 */
export interface ChartSpecWire {
  id: string;
  chart_type: ChartType;
  x_key?: string;
  series?: ChartSeriesWire[];
  /** Caption shown instead of the generated one. Seed system v1. */
  title?: string;
  /** Row key of the slice or bar labels (categories). Seed system v1. */
  label_key?: string;
  /** Row key of the one plotted value. Seed system v1. */
  value_key?: string;
  /** Row key whose values become the categories, one aggregated value per group. Seed system v1. */
  group_by?: string;
  /** How the values of one category are combined. @default `sum` when values are named, else `count` */
  aggregate?: KpiAggregate;
  /** Stack the bar (and area) series. @default true for `stacked_bar`, else false */
  stacked?: boolean;
  /** Donut only: show the total of the drawn slices, computed from the rows, in the centre. @default false */
  center_total?: boolean;
  /**
   * Bar charts (`bar`, `horizontal_bar`, `stacked_bar`) only: order the categories by value, the
   * sum of the plotted series per category (`desc`: largest first). Ties and empty categories keep
   * their row order, empty ones last. @default categories in the order they first appear in the rows
   */
  sort?: ChartSortOrder;
  data_source?: ChartDataSource;
  /** Pixels. @default 300 in the seed form (`label_key`, `value_key` or `group_by`), else 320 */
  height?: number;
}

/** Layout of the wire spec: the blocks in order and the KPI cards per row. */
export interface LayoutWire {
  /** @default ['title', 'kpis', 'chart', 'table'] */
  blocks?: LayoutBlock[];
  /** KPI cards per row on wide screens, 1 to 6. Seed system v1. @default 4 */
  kpi_columns?: number;
}

/** The whole wire spec, as JSON carries it. Version 1 of `schema/grid-view-spec.v1.json`. */
export interface GridViewSpecWire {
  grid_id: string;
  columns: ColumnSpecWire[];
  title?: string;
  kpis?: KpiSpecWire[];
  charts?: ChartSpecWire[];
  layout?: LayoutWire;
  wrapper?: Wrapper;
  search_mode?: SearchMode;
  striped?: boolean;
  export_xlsx?: boolean;
  export_pdf_url?: string;
  /** Keys of the columns exports hold, in this order. @default every column whose `exportable` is true */
  export_columns?: string[];
  /** Key of the column whose values group the table's rows (section totals). */
  group_by?: string;
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
  /** Column-chooser heading; null when the spec gives none. */
  menuGroup: string | null;
  hidden: boolean;
  exportable: boolean;
  /** The group total; the format-dependent default is filled in. */
  total: ColumnTotal;
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

/** A validated series: label filled in (from the column), colour normalised to hex. */
export interface ChartSeriesSpec {
  key: string;
  label: string;
  /** Lower-case `#rrggbb` or `#rrggbbaa`; null uses the theme's palette. */
  color: string | null;
  /** null draws the series as the chart type says. */
  seriesType: ChartSeriesType | null;
}

/**
 * A validated chart. Whatever wire form it came in (our `x_key` + `series`, or the seed system's
 * `label_key`/`value_key`/`group_by`), `xKey` is the row key of the categories and `series` the
 * plotted values; `categoryField` and `valueField` remember the form so `specToWire` writes it back.
 */
export interface ChartSpec {
  id: string;
  chartType: ChartType;
  /** The chart's own caption; null shows the generated one. */
  title: string | null;
  /** Row key of the categories (from `x_key`, `label_key` or `group_by`). */
  xKey: string;
  categoryField: ChartCategoryField;
  /** Plotted series; empty when the chart counts rows per category. */
  series: ChartSeriesSpec[];
  /** null when neither `series` nor `value_key` was given (a count of rows). */
  valueField: ChartValueField | null;
  aggregate: KpiAggregate;
  stacked: boolean;
  centerTotal: boolean;
  /** Bar charts: categories by value; null keeps the order of the rows. */
  sort: ChartSortOrder | null;
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
  layout: SpecLayout;
  wrapper: Wrapper;
  searchMode: SearchMode;
  striped: boolean;
  exportXlsx: boolean;
  exportPdfUrl: string | null;
  /** Keys of the exported columns in order; null exports every column whose `exportable` is true. */
  exportColumns: string[] | null;
  /** Key of the column that groups the table's rows; null for no grouping. */
  groupBy: string | null;
}

/** A validated layout. */
export interface SpecLayout {
  blocks: LayoutBlock[];
  /** KPI cards per row, 1 to 6; GridView's `kpiColumns` prop overrides it. */
  kpiColumns: number;
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
  | 'missing_value_key'
  | 'conflicting_fields'
  | 'invalid_color'
  | 'unknown_column'
  | 'too_many_issues'
  | 'validation_failed';

/**
 * Stable codes of spec warnings: things the parser accepted but could not honour exactly. A warning
 * never makes a spec invalid. The catalog is `SPEC_WARNING_CATALOG` in `./errors`.
 */
export type SpecWarningCode = 'unknown_icon' | 'ignored_field';

/**
 * A value a spec message puts into its template: text (written as it is, never read as markup), a
 * finite number (written as plain digits), or another message, such as the description of the
 * value that was found ("the text \"12pt\"").
 */
export type SpecMessageParam = string | number | SpecMessageDetail;

/**
 * The sentence of an issue or warning as data, so that it can be said in any language: the key of
 * its template (`spec_issue.…`, in the spec issue texts of every shipped language, see
 * `loadSpecIssueTexts`) and the values the template interpolates. Plain JSON, so it travels with
 * the issue over HTTP.
 *
 * Edge cases: when `params.count` is a number, `key` is a plural base and the template is
 * `key.one`/`.few`/`.many`/`.other`, picked for that count; a param may itself be a detail (a
 * phrase translated on its own); `next` is a further sentence that follows this one after a space
 * (issues merged at one path). Values quoted from a spec are params, so they stay in the reader's
 * text exactly as the spec wrote them.
 */
export interface SpecMessageDetail {
  /** Catalog key of the template, e.g. `spec_issue.unknown_column`; a plural base when `params.count` is a number. */
  key: string;
  /** The values of the template's `{name}` placeholders. */
  params: Record<string, SpecMessageParam>;
  /** A further sentence, said after this one. */
  next?: SpecMessageDetail;
}

/**
 * One problem found in a spec. `path` points at the offending value, e.g. `columns[2].link_template`.
 * `message` is English, always (the text a language model or a log reads); `detail`, set on every
 * issue the spec parser makes, is the same sentence as a template and its values, which
 * `formatSpecIssue` says in a translator's language. Issues made elsewhere (artifacts, the
 * assistant's planner) may have no `detail`.
 */
export interface SpecIssue {
  code: SpecErrorCode;
  path: string;
  message: string;
  detail?: SpecMessageDetail;
}

/**
 * Something the parser accepted but could not honour exactly, such as a KPI icon it does not know
 * (the card then shows no icon). Same shape as `SpecIssue`, other codes; never makes a spec invalid.
 */
export interface SpecWarning {
  code: SpecWarningCode;
  path: string;
  message: string;
  detail?: SpecMessageDetail;
}

/**
 * Result of the non-throwing parsers. `issues` are errors: any one makes the spec invalid.
 * `warnings` (both branches, usually empty, sorted by path) never do; the throwing parsers send
 * them to the library's warning channel (`warn`, code `spec_warning`) instead.
 */
export type SafeParseResult =
  | { ok: true; spec: GridViewSpec; warnings: SpecWarning[] }
  | { ok: false; issues: SpecIssue[]; warnings: SpecWarning[] };

// ---------------------------------------------------------------------------------------------
// Formatting context
// ---------------------------------------------------------------------------------------------

/** Locale and currency used to turn numbers into text. The host supplies both; nothing is hard-coded. */
export interface FormatOptions {
  /** BCP 47 tag, e.g. `en`, `uk`, `de-CH`. Defaults to `en`. */
  locale?: string;
  /** ISO 4217 code for `currency` formats. Defaults to `USD`. */
  currency?: string;
  /**
   * How amounts name their currency: `symbol` (the locale's symbol, or the unambiguous narrow one:
   * cells, axes, KPIs), `code` (the ISO code: exports) or `name` (the currency's name in the
   * locale's words, "US dollars": what screen readers hear).
   *
   * @default 'symbol'
   */
  currencyDisplay?: 'symbol' | 'code' | 'name';
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
export interface ChartRuntimeSeries {
  key: string;
  label: string;
  /** Format of the plotted values; absent means unknown, which formats as `number`. */
  format?: ValueFormat;
  /** The spec's validated colour (lower-case hex); absent uses the theme's palette. */
  color?: string;
  /** The spec's `series_type`; absent draws the series as the chart type says. */
  seriesType?: ChartSeriesType;
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
  /** Category labels in first-seen order of `xKey`; the rows of one category are combined with `aggregate`. */
  categories: string[];
  /** One array per series, aligned with `categories`; null is a gap (line) or left out (pie). */
  values: (number | null)[][];
  /** True when there is nothing to draw; renderers show an empty state. */
  empty: boolean;
  /** True when a long line series was down-sampled for drawing. */
  sampled: boolean;
  /** Plain-text description for assistive technology and ECharts `aria`. */
  description: string;
  /** The spec's `title`: the visible caption instead of the generated one. Absent when it has none. */
  title?: string;
  /**
   * How each category's values were combined (absent in runtimes from older versions: `sum`).
   * `count` and `count_distinct` series carry the format `number`.
   */
  aggregate?: KpiAggregate;
  /** Bar (and area) series are stacked; absent means only `stacked_bar` stacks. */
  stacked?: boolean;
  /** Pie and donut: how many categories were left out for a zero, negative or missing value. */
  omitted?: number;
  /**
   * Donut with `center_total`: the sum of the drawn slices, computed from the rows (null when
   * nothing is drawn). Absent when the spec does not ask for it.
   */
  centerTotal?: number | null;
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
  /** Raw value written to XLSX and CSV exports; when absent the row value is written. */
  exportRaw?: (row: R) => unknown;
  /** Hidden until the reader shows it in the column menu (the spec's `hidden`). Absent: false. */
  hidden?: boolean;
  /** Heading the column is listed under in the column menu (the spec's `menu_group`). Absent: none. */
  menuGroup?: string | null;
  /** False keeps the column out of exports (the spec's `exportable`). Absent: true. */
  exportable?: boolean;
  /**
   * The total a group header row shows for this column when the table has `groupBy` (the spec's
   * `total`). Absent: `sum` for `number`, `currency` and `percent` columns, `none` for `text`.
   */
  total?: ColumnTotal;
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
  /**
   * Footer values keyed by column key, as the host computed them (the interface document's
   * `footer_row`). They do not follow a search: while one is active the footer says so.
   */
  footerRow: Readonly<Record<string, unknown>> | null;
  footerLabel: string | null;
  /** Columns the footer label spans; at least 1. */
  footerLabelSpan: number;
  /**
   * A footer computed by the table over the rows it shows, from each column's `total`, labelled
   * with how many rows it describes; it follows the search. When true, `footerRow`, `footerLabel`
   * and `footerLabelSpan` are not used. Absent: false.
   */
  footerTotals?: boolean;
  /**
   * Keys of the columns exports may hold (the spec's `export_columns`); exports write those of them
   * the reader shows, in the order shown. Absent or null: every column whose `exportable` is not false.
   */
  exportColumns?: readonly string[] | null;
  /** Shows the "Export CSV" button. Absent: the same as `exportXlsx`. */
  exportCsv?: boolean;
  /** Key of the column whose values group the rows into collapsible sections with totals (the spec's `group_by`). Absent or null: no groups. */
  groupBy?: string | null;
  /** Shows the column menu (show, hide, reorder). Absent: true. */
  columnMenu?: boolean;
  /** Lets the reader resize columns (pointer and keyboard). Absent: true. */
  resizable?: boolean;
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
  /** `kpiColumns` is absent in JSON from older versions (hydration re-parses the spec anyway). */
  layout: { blocks: LayoutBlock[]; kpiColumns?: number };
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
  readonly layout: SpecLayout;
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
