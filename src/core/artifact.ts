/**
 * The renderer: a validated spec plus rows becomes a `GridArtifact` holding everything a client
 * needs to draw the whole view (title, layout, columns, table configuration, AG Grid column
 * definitions, resolved KPIs, chart runtimes) and its camelCase JSON, in which the rows appear once.
 *
 * @module
 */
import { buildChartRuntimes } from './chart';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from './format';
import { columnsFromSpec, columnToJson, toDataGridColumnDefs } from './columns';
import { GridViewSpecError } from './errors';
import { resolveKpis } from './kpi';
import { isGridViewSpec, parseGridViewSpecJson, specToWire } from './spec';
import { checkLinkTemplate } from './url';
import type {
  ArtifactFormat,
  ChartRuntime,
  Column,
  ColumnGroup,
  DataGridColumnDef,
  FormatOptions,
  GridArtifact,
  GridArtifactJson,
  GridViewSpec,
  ResolvedKpi,
  Row,
  SearchMode,
  SimpleTableConfig,
  SimpleTableConfigJson,
  SpecIssue,
  SpecLayout,
  Wrapper,
} from './types';

/** The table settings a host may add to an artifact; a spec never carries them. */
export type TableOptions = Partial<Pick<SimpleTableConfig, 'columnGroups' | 'rowUrl' | 'rowOnclick' | 'footerRow' | 'footerLabel' | 'footerLabelSpan' | 'footerTotals'>>;

/** Options of `GridRenderer.build`: locale and currency of KPI texts, plus host table settings. */
export type RenderOptions = FormatOptions & { table?: TableOptions };

/**
 * Thrown when host-supplied render input is invalid: rows that are not an array, unsafe or
 * malformed table settings, or artifact JSON that cannot be hydrated. Carries coded issues in the
 * same shape as `GridViewSpecError`, so one error panel shows both.
 */
export class GridArtifactError extends Error {
  /** Every issue found. Frozen. */
  readonly issues: SpecIssue[];

  constructor(issues: readonly SpecIssue[]) {
    const copy = issues.map((issue) => Object.freeze({ ...issue }));
    super(`Invalid grid view artifact input (${copy.length === 1 ? '1 issue' : `${copy.length} issues`}):\n${copy.map((i) => `- [${i.code}] ${i.path || '(root)'}: ${i.message}`).join('\n')}`);
    this.name = 'GridArtifactError';
    this.issues = Object.freeze(copy) as SpecIssue[];
  }
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Checks host table settings against the columns; returns the complete table part and issues. */
function tableSettings(table: TableOptions | undefined, columns: readonly Column[], path: string, issues: SpecIssue[]): Required<TableOptions> {
  const keys = new Set(columns.map((c) => c.key));
  const result: Required<TableOptions> = { columnGroups: [], rowUrl: null, rowOnclick: null, footerRow: null, footerLabel: null, footerLabelSpan: 1, footerTotals: false };
  if (table === undefined || table === null) return result;
  if (!isPlainRecord(table)) {
    issues.push({ code: 'not_object', path, message: 'Table settings must be a plain object such as { rowUrl: "/orders/{id}" }.' });
    return result;
  }
  const groups: unknown = table.columnGroups;
  if (groups !== undefined && groups !== null) {
    if (!Array.isArray(groups)) {
      issues.push({ code: 'invalid_type', path: `${path}.columnGroups`, message: 'columnGroups must be an array of { label, columnKeys }.' });
    } else {
      groups.forEach((group: unknown, i) => {
        const at = `${path}.columnGroups[${i}]`;
        if (!isPlainRecord(group) || typeof group.label !== 'string' || !Array.isArray(group.columnKeys) || !group.columnKeys.every((k) => typeof k === 'string')) {
          issues.push({ code: 'invalid_type', path: at, message: 'A column group is { label: string, columnKeys: string[] }.' });
          return;
        }
        const unknown = (group.columnKeys as string[]).filter((k) => !keys.has(k));
        if (unknown.length > 0) {
          issues.push({ code: 'invalid_enum', path: `${at}.columnKeys`, message: `Column group keys must name columns of the spec; unknown: ${unknown.join(', ')}.` });
          return;
        }
        result.columnGroups.push({ label: group.label, columnKeys: [...(group.columnKeys as string[])] } satisfies ColumnGroup);
      });
    }
  }
  const rowUrl: unknown = table.rowUrl;
  if (rowUrl !== undefined && rowUrl !== null) {
    if (typeof rowUrl !== 'string') issues.push({ code: 'invalid_type', path: `${path}.rowUrl`, message: 'rowUrl must be a string such as "/orders/{id}".' });
    else {
      const problem = checkLinkTemplate(rowUrl);
      if (problem === null) result.rowUrl = rowUrl;
      else
        issues.push({
          code: problem,
          path: `${path}.rowUrl`,
          message: problem === 'unsafe_url' ? 'rowUrl must be an http(s) or relative URL; other schemes such as javascript: are refused.' : 'rowUrl has unbalanced braces; placeholders look like {key}.',
        });
    }
  }
  const onclick: unknown = table.rowOnclick;
  if (onclick !== undefined && onclick !== null) {
    if (typeof onclick === 'string') result.rowOnclick = onclick;
    else issues.push({ code: 'invalid_type', path: `${path}.rowOnclick`, message: 'rowOnclick must be a string naming a registered action, such as "openOrder({id})".' });
  }
  const footerRow: unknown = table.footerRow;
  if (footerRow !== undefined && footerRow !== null) {
    if (isPlainRecord(footerRow)) result.footerRow = footerRow;
    else issues.push({ code: 'not_object', path: `${path}.footerRow`, message: 'footerRow must be a plain object keyed by column key.' });
  }
  const footerLabel: unknown = table.footerLabel;
  if (footerLabel !== undefined && footerLabel !== null) {
    if (typeof footerLabel === 'string') result.footerLabel = footerLabel;
    else issues.push({ code: 'invalid_type', path: `${path}.footerLabel`, message: 'footerLabel must be a string.' });
  }
  const span: unknown = table.footerLabelSpan;
  if (span !== undefined && span !== null) {
    if (typeof span === 'number' && Number.isInteger(span) && span >= 1 && span <= Math.max(1, columns.length)) result.footerLabelSpan = span;
    else issues.push({ code: 'out_of_range', path: `${path}.footerLabelSpan`, message: `footerLabelSpan must be a whole number from 1 to the number of columns (${columns.length}).` });
  }
  const totals: unknown = table.footerTotals;
  if (totals !== undefined && totals !== null) {
    if (typeof totals === 'boolean') result.footerTotals = totals;
    else issues.push({ code: 'invalid_type', path: `${path}.footerTotals`, message: 'footerTotals must be true or false.' });
  }
  return result;
}

/** The artifact: frozen, rows held by reference. `toJSON` is on the prototype, so it is not data. */
class BuiltArtifact<R extends Row> implements GridArtifact<R> {
  readonly gridId: string;
  readonly title: string | null;
  readonly layout: SpecLayout;
  readonly wrapper: Wrapper;
  readonly searchMode: SearchMode;
  readonly striped: boolean;
  readonly exportXlsx: boolean;
  readonly exportPdfUrl: string | null;
  readonly format: Readonly<ArtifactFormat>;

  constructor(
    readonly spec: GridViewSpec,
    readonly rows: readonly R[],
    readonly columns: Column<R>[],
    readonly tableConfig: SimpleTableConfig<R>,
    readonly dataGridColumnDefs: DataGridColumnDef[],
    readonly kpis: ResolvedKpi[],
    readonly charts: ChartRuntime[],
    format: ArtifactFormat,
  ) {
    this.format = Object.freeze({ locale: format.locale, currency: format.currency });
    this.gridId = spec.gridId;
    this.title = spec.title;
    this.layout = spec.layout;
    this.wrapper = spec.wrapper;
    this.searchMode = spec.searchMode;
    this.striped = spec.striped;
    this.exportXlsx = spec.exportXlsx;
    this.exportPdfUrl = spec.exportPdfUrl;
  }

  /**
   * The camelCase JSON the browser consumes (also what `JSON.stringify(artifact)` writes). Rows
   * appear once, at `rows` (the same array, not a copy); `tableConfig` has no `data`; the spec is in
   * wire form; no functions anywhere.
   */
  toJSON(): GridArtifactJson {
    const columns = this.columns.map((c) => columnToJson(c));
    const t = this.tableConfig;
    const tableConfig: SimpleTableConfigJson = {
      gridId: t.gridId,
      columns,
      columnGroups: t.columnGroups.map((g) => ({ label: g.label, columnKeys: [...g.columnKeys] })),
      searchMode: t.searchMode,
      striped: t.striped,
      exportXlsx: t.exportXlsx,
      exportPdfUrl: t.exportPdfUrl,
      rowUrl: t.rowUrl,
      rowOnclick: t.rowOnclick,
      footerRow: t.footerRow,
      footerLabel: t.footerLabel,
      footerLabelSpan: t.footerLabelSpan,
      footerTotals: t.footerTotals === true,
      exportColumns: t.exportColumns ? [...t.exportColumns] : null,
      groupBy: t.groupBy ?? null,
    };
    return {
      version: 1,
      format: { locale: this.format.locale, currency: this.format.currency },
      gridId: this.gridId,
      title: this.title,
      layout: { blocks: [...this.layout.blocks], kpiColumns: this.layout.kpiColumns },
      wrapper: this.wrapper,
      searchMode: this.searchMode,
      striped: this.striped,
      exportXlsx: this.exportXlsx,
      exportPdfUrl: this.exportPdfUrl,
      columns: columns.map((c) => ({ ...c })),
      tableConfig,
      dataGridColumnDefs: this.dataGridColumnDefs.map((d) => ({ ...d, context: { ...d.context } })),
      kpis: this.kpis.map((k) => ({ ...k })),
      charts: this.charts.map((c) => ({ ...c, series: c.series.map((s) => ({ ...s })), categories: [...c.categories], values: c.values.map((v) => [...v]) })),
      spec: specToWire(this.spec),
      // The caller's array itself: serialising writes it once, and nothing here copies a large list.
      rows: this.rows as Row[],
    };
  }
}

/**
 * Builds artifacts from validated specs. `GridRenderer.build` is the primary artifact builder (see
 * docs/core-api.md, "One function per job"): its parameter is a parsed spec, so the type says the
 * spec was validated, and a spec parsed once is built for any number of row sets without being
 * checked again. `buildArtifactFromView` and `buildArtifactJsonFromView` are one-call conveniences
 * over it for callers that hold wire JSON.
 */
export class GridRenderer {
  private constructor() {}

  /**
   * Builds the artifact for a validated spec (from `parseGridViewSpecJson`/`parseGridViewSpec`) and
   * its rows.
   *
   * - KPIs are resolved with `resolveKpis` (texts in `options.locale`/`options.currency`, defaults
   *   `en`/`USD`; empty strings count as not given); the pair is kept as `artifact.format` and
   *   written to the JSON, so hydration reproduces the texts.
   * - Every chart gets a runtime from `rows`, including `grid_filtered` charts (their initial state
   *   before a grid reports its visible rows). Runtimes are built with the spec's columns: each
   *   series carries its column's `format`, and `xLabel` is the x column's label (for captions).
   * - `rows` is kept by reference: never copied, never mutated, never made reactive (the artifact and
   *   its table configuration are frozen, which Vue's `reactive` leaves alone).
   * - `options.table` adds host table settings (column groups, row link, row action, footer, or
   *   `footerTotals` for a footer the table computes over the rows it shows); they are checked:
   *   `rowUrl` must be an http(s) or relative template, group keys must name columns,
   *   `footerLabelSpan` must be 1..columns, `footerTotals` a boolean.
   *
   * @throws GridArtifactError when `rows` is not an array or a table setting is invalid (all issues
   * at once, each with a code and path).
   */
  static build<R extends Row>(spec: GridViewSpec, rows: readonly R[], options?: RenderOptions): GridArtifact<R> {
    const issues: SpecIssue[] = [];
    if (!Array.isArray(rows)) issues.push({ code: 'invalid_type', path: 'rows', message: 'rows must be an array of row objects (use [] for no rows).' });
    const columns = columnsFromSpec<R>(spec);
    const table = tableSettings(options?.table, columns as Column[], 'table', issues);
    if (issues.length > 0) throw new GridArtifactError(issues);
    // Empty strings mean "not given", as everywhere else that takes a locale or currency.
    const format: ArtifactFormat = { locale: options?.locale || DEFAULT_LOCALE, currency: options?.currency || DEFAULT_CURRENCY };
    const tableConfig: SimpleTableConfig<R> = Object.freeze({
      gridId: spec.gridId,
      columns,
      columnGroups: table.columnGroups,
      data: rows,
      searchMode: spec.searchMode,
      striped: spec.striped,
      exportXlsx: spec.exportXlsx,
      exportPdfUrl: spec.exportPdfUrl,
      rowUrl: table.rowUrl,
      rowOnclick: table.rowOnclick,
      footerRow: table.footerRow,
      footerLabel: table.footerLabel,
      footerLabelSpan: table.footerLabelSpan,
      footerTotals: table.footerTotals,
      exportColumns: spec.exportColumns,
      groupBy: spec.groupBy,
    });
    const artifact = new BuiltArtifact<R>(
      spec,
      rows,
      columns,
      tableConfig,
      toDataGridColumnDefs(spec.columns),
      resolveKpis(spec.kpis, rows, format),
      // The columns give every series its value format and the x axis its label (captions).
      // The locale reads numeric strings in the rows ("2 500,5" under uk), as resolveKpis does.
      buildChartRuntimes(spec.charts, rows, { columns: spec.columns, locale: format.locale }),
      format,
    );
    return Object.freeze(artifact);
  }
}

/**
 * Builds an artifact from a spec that is either already parsed (`isGridViewSpec`) or raw wire JSON
 * (validated here with `parseGridViewSpecJson`).
 *
 * A convenience over the primary builder `GridRenderer.build` (the interface document's
 * `build_artifact_from_view`), for a caller that holds wire JSON and builds once. Raw JSON is parsed
 * again on every call, so parse once and call `GridRenderer.build` when one spec serves many builds.
 *
 * @throws GridViewSpecError for an invalid raw spec; GridArtifactError for invalid rows or table settings.
 */
export function buildArtifactFromView<R extends Row>(view: GridViewSpec | unknown, rows: readonly R[], options?: RenderOptions): GridArtifact<R> {
  const spec = isGridViewSpec(view) ? view : parseGridViewSpecJson(view);
  return GridRenderer.build(spec, rows, options);
}

/**
 * `buildArtifactFromView(view, rows, options).toJSON()`: the JSON a server sends to the browser, in
 * one call. A convenience over the primary builder `GridRenderer.build` (see `buildArtifactFromView`);
 * the same errors.
 */
export function buildArtifactJsonFromView(view: GridViewSpec | unknown, rows: readonly Row[], options?: RenderOptions): GridArtifactJson {
  return buildArtifactFromView(view, rows, options).toJSON();
}

function prefixed(issue: SpecIssue, prefix: string): SpecIssue {
  return { ...issue, path: issue.path === '' ? prefix : `${prefix}.${issue.path}` };
}

/**
 * Reads the optional `format` of artifact JSON: a plain object with a well-formed BCP 47 `locale`
 * and a three-letter `currency`. Absent gives undefined; anything else is an issue.
 */
function jsonFormat(raw: unknown, issues: SpecIssue[]): Partial<ArtifactFormat> | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainRecord(raw)) {
    issues.push({ code: 'not_object', path: 'format', message: 'Artifact JSON format must be a plain object such as { locale: "uk", currency: "UAH" }.' });
    return undefined;
  }
  const result: Partial<ArtifactFormat> = {};
  const { locale, currency } = raw;
  if (typeof locale !== 'string') issues.push({ code: 'invalid_type', path: 'format.locale', message: 'format.locale must be a BCP 47 language tag such as "en" or "uk".' });
  else if (!isLocaleTag(locale)) issues.push({ code: 'invalid_pattern', path: 'format.locale', message: 'format.locale must be a well-formed BCP 47 language tag such as "en" or "uk-UA".' });
  else result.locale = locale;
  if (typeof currency !== 'string') issues.push({ code: 'invalid_type', path: 'format.currency', message: 'format.currency must be an ISO 4217 code such as "USD".' });
  else if (!/^[A-Za-z]{3}$/.test(currency)) issues.push({ code: 'invalid_pattern', path: 'format.currency', message: 'format.currency must be a three-letter ISO 4217 code such as "USD" or "UAH".' });
  else result.currency = currency;
  return result;
}

function isLocaleTag(locale: string): boolean {
  if (locale === '' || locale.length > 64) return false;
  try {
    return Intl.getCanonicalLocales(locale).length === 1;
  } catch {
    return false;
  }
}

/**
 * Rebuilds a live artifact from its JSON (what a browser or the Vue layer receives).
 *
 * The spec is re-parsed from `json.spec` (JSON is untrusted input), the rows are `json.rows` (by
 * reference) and the table settings come from `json.tableConfig` and are checked again. KPIs and
 * charts are recomputed from the rows, so they cannot disagree with the rows.
 *
 * Locale and currency of the KPI texts, field by field: `options` first (the page's active locale,
 * e.g. after the reader switched language), then `json.format` (what the server used, so the
 * server's display strings are reproduced), then `en`/`USD`.
 *
 * @throws GridArtifactError listing every problem: not an object, a `version` other than 1, rows that
 * are not an array, a malformed `format`, spec issues (paths prefixed with `spec.`), invalid table
 * settings.
 */
export function hydrateArtifact(json: GridArtifactJson, options?: FormatOptions): GridArtifact {
  const raw: unknown = json;
  if (!isPlainRecord(raw)) throw new GridArtifactError([{ code: 'not_object', path: '', message: 'Artifact JSON must be a plain object, as produced by artifact.toJSON().' }]);
  const issues: SpecIssue[] = [];
  if (raw.version !== 1) issues.push({ code: 'invalid_enum', path: 'version', message: 'Artifact JSON version must be 1; rebuild it with this version of the library.' });
  if (!Array.isArray(raw.rows)) issues.push({ code: 'invalid_type', path: 'rows', message: 'Artifact JSON rows must be an array of row objects.' });
  const saved = jsonFormat(raw.format, issues);
  let spec: GridViewSpec | null = null;
  try {
    spec = parseGridViewSpecJson(raw.spec);
  } catch (error) {
    if (!(error instanceof GridViewSpecError)) throw error;
    issues.push(...error.issues.map((issue) => prefixed(issue, 'spec')));
  }
  let table: TableOptions | undefined;
  if (isPlainRecord(raw.tableConfig)) {
    const t = raw.tableConfig;
    table = {
      columnGroups: t.columnGroups as ColumnGroup[],
      rowUrl: t.rowUrl as string | null,
      rowOnclick: t.rowOnclick as string | null,
      footerRow: t.footerRow as Record<string, unknown> | null,
      footerLabel: t.footerLabel as string | null,
      footerLabelSpan: t.footerLabelSpan as number,
      // Absent in JSON from older versions: no computed footer.
      footerTotals: t.footerTotals === undefined ? undefined : (t.footerTotals as boolean),
    };
  } else if (raw.tableConfig !== undefined) {
    issues.push({ code: 'not_object', path: 'tableConfig', message: 'Artifact JSON tableConfig must be a plain object.' });
  }
  if (spec !== null) tableSettings(table, columnsFromSpec(spec), 'tableConfig', issues);
  if (issues.length > 0 || spec === null) throw new GridArtifactError(issues);
  return GridRenderer.build(spec, raw.rows as Row[], {
    locale: options?.locale || saved?.locale,
    currency: options?.currency || saved?.currency,
    table,
  });
}
