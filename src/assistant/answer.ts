/**
 * The planner flow: a planner's `{ sql, purpose, format }` becomes a view. The output is validated,
 * the SQL checked by the read-only guard, run through a `runQuery` the host gives (the host owns
 * the connection, its read-only role and its time limit), and the result's columns become a spec
 * (formats inferred from values and names, KPIs and a chart that fit the presentation format),
 * built into an artifact with the rows capped at a limit the view states.
 *
 * The spec is made here from column names and types only; it never holds a value of the rows.
 *
 * @module
 */
import { GridArtifactError, GridRenderer } from '../core/artifact';
import { safeParseGridViewSpec } from '../core/spec';
import { codePointLength, SPEC_LIMITS } from '../core/spec/limits';
import { languageOf } from '../core/i18n/languages';
import type { ChartSpecWire, ColumnSpecWire, GridArtifact, GridViewSpec, GridViewSpecWire, KpiSpecWire, Row, SpecIssue, ValueFormat } from '../core/types';
import { layoutForFormat, validatePlannerOutput } from './presenter';
import type { PresentationFormat } from './presenter';
import { checkReadOnlySql } from './sql-guard';
import type { SqlGuardIssue } from './sql-guard';

/** One column of a query result: its name as the database gave it, and its type when known. */
export interface QueryColumn {
  name: string;
  /**
   * `number`, `date`, `text` or `boolean`, or a SQL type name (`INTEGER`, `numeric`, `TIMESTAMP`),
   * read by SQLite's affinity rules. Only a hint: the values decide when they disagree with it.
   * With `number`, numeric strings (PostgreSQL's `bigint` and `numeric`) become numbers.
   */
  type?: string | null;
}

/**
 * What `runQuery` resolves with. A row is an array of values in column order, or an object keyed
 * by column name (then two columns may not share a name). `truncated` says that more rows existed
 * than were returned (for a runner that caps rows below what was asked).
 */
export interface QueryResult {
  columns: readonly QueryColumn[];
  rows: readonly (readonly unknown[] | Readonly<Record<string, unknown>>)[];
  truncated?: boolean;
}

/** What `answerWithGrid` asks of `runQuery`: return at most `maxRows` rows, stop after `timeoutMs`. */
export interface RunQueryOptions {
  maxRows: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Runs one SQL query for the planner flow. It should run on a read-only connection and reject
 * with an error whose `code` is `query_timeout` when it stops the query at its time limit,
 * `query_refused` when the database refuses it as a write, `query_aborted` when `signal` aborted it.
 */
export type RunQuery = (sql: string, options: RunQueryOptions) => Promise<QueryResult>;

/**
 * Why the planner flow gave no view, beside the planner's own issues (`validatePlannerOutput`)
 * and the SQL guard's (`sql_*`):
 * - `invalid_option`: an option of `answerWithGrid` itself is wrong (path names it);
 * - `query_failed`: the database could not run the query (its message is quoted);
 * - `query_timeout`: the query was stopped at the time limit;
 * - `query_aborted`: the caller's signal cancelled it;
 * - `query_refused`: the database refused it as a write or a second statement;
 * - `query_invalid_result`: `runQuery` resolved with something other than `{ columns, rows }`;
 * - `query_no_columns`, `query_too_many_columns`: no columns, or more than a spec may hold (200);
 * - `query_duplicate_column`: two columns share a name and the rows are objects, so one value
 *   of each row is lost (alias the columns).
 */
export type AnswerIssueCode =
  | 'invalid_option'
  | 'query_failed'
  | 'query_timeout'
  | 'query_aborted'
  | 'query_refused'
  | 'query_invalid_result'
  | 'query_no_columns'
  | 'query_too_many_columns'
  | 'query_duplicate_column';

/** A problem of the planner flow after the planner output was valid. */
export interface AnswerIssue {
  code: AnswerIssueCode;
  path: string;
  message: string;
}

/** Every issue `answerWithGrid` may give: planner output, SQL guard, query and result. */
export type AnswerWithGridIssue = SpecIssue | SqlGuardIssue | AnswerIssue;

/** Defaults and ceilings of `answerWithGrid`'s `limits`. */
export const ANSWER_LIMITS = Object.freeze({ maxRows: 1_000, maxRowsCeiling: 100_000, timeoutMs: 10_000, timeoutMsCeiling: 600_000 });

/** Options of `answerWithGrid`. */
export interface AnswerWithGridOptions {
  /** The planner's output, unchecked: `{ sql, purpose, format }`. */
  plan: unknown;
  runQuery: RunQuery;
  /** Rows shown (default 1,000, at most 100,000) and the query's time limit (default 10 s). */
  limits?: { maxRows?: number; timeoutMs?: number };
  /** The view's title instead of the plan's purpose. */
  title?: string;
  /** Locale and currency of the KPI texts and cells (defaults `en`, `USD`). */
  locale?: string;
  currency?: string;
  /** Cancels the query; passed on to `runQuery`. */
  signal?: AbortSignal;
}

/** The view of an answer, or why there is none. `rowCount` is the number of rows shown. */
export type AnswerWithGridResult = { ok: true; spec: GridViewSpec; artifact: GridArtifact; truncated: boolean; rowCount: number } | { ok: false; issues: AnswerWithGridIssue[] };

type Kind = 'number' | 'date' | 'text';

/** A result column as the view shows it. */
interface Planned {
  key: string;
  label: string;
  kind: Kind;
  format: ValueFormat;
}

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const ISO_DATE = /^\d{4}-\d{2}(-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?)?$/;

// Name hints, matched against the words of a column name (split at `_`, spaces and camelCase).
// Ukrainian entries are stems, since the words inflect.
const PERCENT_WORDS = ['margin', 'rate', 'share', 'pct', 'percent', 'percentage', 'ratio', 'марж', 'частк', 'відсот'];
const COUNT_WORDS = ['count', 'cnt', 'qty', 'quantity', 'num', 'number', 'units', 'кільк'];
const COUNTED_NOUNS = ['orders', 'customers', 'clients', 'users', 'visits', 'sessions', 'items', 'transactions', 'deals', 'tickets', 'employees', 'people', 'products', 'managers'];
const CURRENCY_WORDS = ['amount', 'revenue', 'price', 'cost', 'total', 'sales', 'sale', 'income', 'profit', 'spend', 'budget', 'fee', 'salary', 'paid', 'payment', 'turnover', 'сум', 'виручк', 'цін', 'вартіст', 'дохід', 'доход', 'продаж', 'прибут'];
/** Last words of whole numbers that name something rather than measure it: shown as text, never summed. */
const NAMING_WORDS = ['id', 'code', 'zip', 'postcode', 'phone', 'no', 'number', 'year', 'quarter', 'month', 'week', 'day', 'hour', 'рік', 'місяць'];

function wordsOf(name: string): string[] {
  return (name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) as string[];
}

const hasWord = (words: readonly string[], list: readonly string[]) => words.some((word) => list.some((hint) => word === hint || (/\P{ASCII}/u.test(hint) && word.startsWith(hint))));

/** A type hint in our words, from `number`/`date`/… or a SQL type name; null leaves it to the values. */
function hintOf(type: unknown): 'number' | 'date' | 'text' | null {
  if (typeof type !== 'string') return null;
  const t = type.toUpperCase().replace(/\(.*\)/, '').trim();
  if (/^(NUMBER|(TINY|SMALL|MEDIUM|BIG)?INT(EGER)?[248]?|UNSIGNED BIG INT|REAL|FLOAT[48]?|DOUBLE( PRECISION)?|NUMERIC|DECIMAL)$/.test(t)) return 'number';
  if (/^(DATE|DATETIME|TIMESTAMP(TZ)?|TIMESTAMP WITH(OUT)? TIME ZONE)$/.test(t)) return 'date';
  return t === 'TEXT' || t === 'BOOLEAN' ? 'text' : null;
}

/** A cell as the view holds it: JSON-safe text, number, boolean or null. */
function cellOf(value: unknown, kind: Kind): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Beyond 2^53 the number shown is the nearest double: a view, not a ledger.
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return kind === 'number' && NUMERIC_TEXT.test(value.trim()) ? Number(value) : value;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return `(${value.byteLength} bytes)`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function kindOf(values: readonly unknown[], type: unknown): Kind {
  const hint = hintOf(type);
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return hint === 'number' || hint === 'date' ? hint : 'text';
  if (present.every((v) => typeof v === 'number' || typeof v === 'bigint' || (hint === 'number' && typeof v === 'string' && NUMERIC_TEXT.test(v.trim())))) return 'number';
  if (present.every((v) => (v instanceof Date && !Number.isNaN(v.getTime())) || (typeof v === 'string' && ISO_DATE.test(v)))) return 'date';
  return 'text';
}

/** A number column's format from its name and values: percent only for fractions, naming numbers as text. */
function numberFormat(name: string, values: readonly unknown[]): ValueFormat {
  const words = wordsOf(name);
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const last = words[words.length - 1] ?? '';
  if (hasWord([last], NAMING_WORDS) && numbers.every(Number.isInteger)) return 'text';
  if (hasWord(words, PERCENT_WORDS) && numbers.every((v) => Math.abs(v) <= 1)) return 'percent';
  if (hasWord(words, COUNT_WORDS) || COUNTED_NOUNS.includes(last)) return 'number';
  return hasWord(words, CURRENCY_WORDS) ? 'currency' : 'number';
}

/** At most `max` characters (code points), cut with an ellipsis. */
function fit(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** The text without control characters (C0, DEL, C1), which a row key may not hold. */
function withoutControls(text: string, replacement: string): string {
  const control = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
  return [...text].map((ch) => (control(ch.codePointAt(0) ?? 0) ? replacement : ch)).join('');
}

/** A valid, unused row key for a column name: control characters dropped, `column_3` for an empty one. */
function keyFor(name: string, index: number, used: Set<string>): string {
  let base = [...withoutControls(name, '')].slice(0, SPEC_LIMITS.keyMaxLength).join('');
  if (base === '' || (SPEC_LIMITS.reservedKeys as readonly string[]).includes(base)) base = `column_${index + 1}`;
  let key = base;
  for (let n = 2; used.has(key); n++) key = `${[...base].slice(0, SPEC_LIMITS.keyMaxLength - String(n).length - 1).join('')}_${n}`;
  used.add(key);
  return key;
}

function labelFor(name: string, index: number): string {
  const text = withoutControls(name, ' ').replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return `Column ${index + 1}`;
  return fit(text.charAt(0).toUpperCase() + text.slice(1), SPEC_LIMITS.labelMaxLength);
}

/** FNV-1a of the text, as 8 hex digits: the same question keeps its grid id (and saved layout). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function isLocale(value: string): boolean {
  try {
    return value.length <= 64 && Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** The limits, or the issue of the first bad one. */
function readLimits(options: AnswerWithGridOptions): { maxRows: number; timeoutMs: number } | AnswerIssue {
  const limits: unknown = options.limits ?? {};
  if (typeof limits !== 'object' || limits === null) return { code: 'invalid_option', path: 'limits', message: 'limits must be an object such as { maxRows: 1000, timeoutMs: 10000 }.' };
  const { maxRows = ANSWER_LIMITS.maxRows, timeoutMs = ANSWER_LIMITS.timeoutMs } = limits as { maxRows?: unknown; timeoutMs?: unknown };
  if (typeof maxRows !== 'number' || !Number.isInteger(maxRows) || maxRows < 1 || maxRows > ANSWER_LIMITS.maxRowsCeiling) {
    return { code: 'invalid_option', path: 'limits.maxRows', message: `limits.maxRows must be a whole number from 1 to ${ANSWER_LIMITS.maxRowsCeiling}.` };
  }
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > ANSWER_LIMITS.timeoutMsCeiling) {
    return { code: 'invalid_option', path: 'limits.timeoutMs', message: `limits.timeoutMs must be a whole number of milliseconds from 1 to ${ANSWER_LIMITS.timeoutMsCeiling}.` };
  }
  return { maxRows, timeoutMs };
}

/** The problem with the other options, or null. */
function optionProblem(options: AnswerWithGridOptions): AnswerIssue | null {
  const bad = (path: string, message: string): AnswerIssue => ({ code: 'invalid_option', path, message });
  if (typeof options.runQuery !== 'function') return bad('runQuery', 'runQuery must be a function (sql, { maxRows, timeoutMs, signal }) => Promise<{ columns, rows }>, such as sqliteQueryRunner(file) from vue-grid-view/server.');
  const { title, locale, currency } = options;
  if (title !== undefined && (typeof title !== 'string' || title.trim() === '')) return bad('title', 'title must be a non-blank string, or left out to use the purpose.');
  if (locale !== undefined && (typeof locale !== 'string' || !isLocale(locale))) return bad('locale', 'locale must be a BCP 47 language tag such as "en" or "uk".');
  if (currency !== undefined && (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency))) return bad('currency', 'currency must be a three-letter ISO 4217 code such as "USD".');
  return null;
}

/** The first line of the database's message, as a sentence of ours quotes it (ending in a full stop). */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const line = fit((message.split('\n')[0] ?? '').trim() || 'no reason given', 500);
  return /[.!?…]$/.test(line) ? line : `${line}.`;
}

/** A rejection of `runQuery` as an issue, by the `code` the runners give it. */
function queryIssue(error: unknown, timeoutMs: number, signal: AbortSignal | undefined): AnswerIssue {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const name = error instanceof Error ? error.name : '';
  const limit = timeoutMs >= 1_000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  if (code === 'query_timeout') return { code: 'query_timeout', path: 'sql', message: `The query ran longer than its limit of ${limit} and was stopped. Ask for less: filter and aggregate earlier, join fewer tables.` };
  if (code === 'query_aborted' || name === 'AbortError' || signal?.aborted === true) return { code: 'query_aborted', path: 'sql', message: 'The query was cancelled before it finished.' };
  if (code === 'query_refused') return { code: 'query_refused', path: 'sql', message: `The database refused the query: ${errorText(error)} Only one read-only SELECT runs here.` };
  return { code: 'query_failed', path: 'sql', message: `The database could not run the query: ${errorText(error)} Check the table and column names and the syntax, then try again.` };
}

/** The result's shape, or the issue: an object with `columns` ({ name }) and `rows` (arrays or objects). */
function resultProblem(result: unknown): AnswerIssue | null {
  const bad = (message: string): AnswerIssue => ({ code: 'query_invalid_result', path: 'result', message: `runQuery must resolve with { columns: [{ name, type? }], rows: [...] }; ${message}` });
  if (typeof result !== 'object' || result === null) return bad('it resolved with something else.');
  const { columns, rows } = result as { columns?: unknown; rows?: unknown };
  if (!Array.isArray(columns) || !columns.every((c: unknown) => typeof c === 'object' && c !== null && typeof (c as { name?: unknown }).name === 'string')) return bad('columns is not an array of { name: string }.');
  if (!Array.isArray(rows) || !rows.every((r: unknown) => typeof r === 'object' && r !== null)) return bad('rows is not an array of arrays or objects.');
  if (columns.length === 0) return { code: 'query_no_columns', path: 'result.columns', message: 'The query returned no columns; select the columns to show.' };
  if (columns.length > SPEC_LIMITS.columnsMax) {
    return { code: 'query_too_many_columns', path: 'result.columns', message: `The query returned ${columns.length} columns; a view shows at most ${SPEC_LIMITS.columnsMax}. Select fewer columns.` };
  }
  const names = (columns as QueryColumn[]).map((c) => c.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined && rows.some((r: unknown) => !Array.isArray(r))) {
    return { code: 'query_duplicate_column', path: 'result.columns', message: `Two columns are named ${JSON.stringify(twice)}; give each its own name with AS (SELECT a.id AS order_id, b.id AS customer_id).` };
  }
  return null;
}

/** KPIs and a chart that fit the format; `answer` becomes a table when KPI cards cannot say it all. */
/** The words answerWithGrid writes into a view, by the view's language (English for any the library does not ship). */
interface AnswerWords {
  rows: string;
  rowsShown: string;
  total(label: string): string;
  /** The title's note when rows were cut: ` (first 1,000 rows)`. */
  first(count: number, locale: string): string;
}

const lower = (label: string) => `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
const ANSWER_WORDS: Readonly<Record<string, AnswerWords>> = {
  en: { rows: 'Rows', rowsShown: 'Rows shown', total: (label) => `Total ${lower(label)}`, first: (n, locale) => ` (first ${new Intl.NumberFormat(locale).format(n)} rows)` },
  uk: {
    rows: 'Рядки',
    rowsShown: 'Показано рядків',
    total: (label) => `Усього: ${lower(label)}`,
    first: (n, locale) => {
      const count = new Intl.NumberFormat(locale).format(n);
      const form = new Intl.PluralRules('uk').select(n);
      return form === 'one' ? ` (перший ${count} рядок)` : form === 'few' ? ` (перші ${count} рядки)` : ` (перші ${count} рядків)`;
    },
  },
};

function presentation(format: PresentationFormat, columns: readonly Planned[], rowCount: number, truncated: boolean, words: AnswerWords): { layout: PresentationFormat; kpis: KpiSpecWire[]; charts: ChartSpecWire[] } {
  const measures = columns.filter((c) => c.kind === 'number' && c.format !== 'text');
  if (format === 'answer' && rowCount === 1 && measures.length === columns.length) {
    // One row: `max` of one value is that value, and an empty (NULL) answer shows as a gap, not 0.
    const kpis = measures.slice(0, SPEC_LIMITS.kpisMax).map((c): KpiSpecWire => ({ label: c.label, column_key: c.key, aggregate: 'max', format: c.format }));
    return { layout: 'answer', kpis, charts: [] };
  }
  const kpis: KpiSpecWire[] = [{ label: truncated ? words.rowsShown : words.rows, aggregate: 'count', icon: 'chart' }];
  // Totals of capped rows would pass for the whole answer's; money only: summing rates or counts of
  // different things says nothing.
  if (!truncated) {
    for (const c of columns.filter((m) => m.kind === 'number' && m.format === 'currency').slice(0, 3)) {
      kpis.push({ label: fit(words.total(c.label), SPEC_LIMITS.labelMaxLength), column_key: c.key, aggregate: 'sum', format: c.format, icon: 'money' });
    }
  }
  const charts: ChartSpecWire[] = [];
  const category = columns.find((c) => c.kind !== 'number' || c.format === 'text');
  const value = measures.find((c) => c !== category);
  if ((format === 'chart' || format === 'report') && category !== undefined && value !== undefined) {
    const overTime = category.kind === 'date' || hasWord(wordsOf(category.key).slice(-1), ['year', 'quarter', 'month', 'week', 'day', 'hour']);
    // Categories keep the query's order (its ORDER BY); a category met twice is summed, rates averaged.
    charts.push({ id: 'answer_chart', chart_type: overTime ? 'line' : 'bar', x_key: category.key, series: [{ key: value.key }], aggregate: value.format === 'percent' ? 'avg' : 'sum' });
  }
  return { layout: format === 'answer' ? 'table' : format, kpis, charts };
}

/**
 * Answers a planner's question with a view: validates `plan` (`validatePlannerOutput`), checks its
 * SQL (`checkReadOnlySql`), runs it with `runQuery(sql, { maxRows: limit + 1, timeoutMs, signal })`
 * and builds a spec and artifact from the result: one column per result column, formats inferred
 * (numbers → `number`; names such as amount, revenue, price, cost, total, sales → `currency`;
 * margin, rate, share, pct → `percent` when every value is a fraction; whole numbers named id,
 * code, year, month… → text; dates stay ISO text), a title from `purpose`, and per `format`: a KPI
 * card per value for a one-row numeric `answer`; otherwise a row count, money totals, and for
 * `chart`/`report` a bar chart of the first measure by the first text or date column (a line
 * when the categories are dates or periods). Never throws for what it is given; resolves with
 * `{ ok: false, issues }` (codes: see `AnswerIssueCode`, `SqlGuardIssueCode`, and the planner's).
 *
 * Edge cases: rows beyond `limits.maxRows` are dropped and the title says "first N rows"
 * (`truncated`; no totals are shown then, they would read as the whole answer's); a runner that
 * caps lower reports it with `truncated`. Column names become row keys as they are (spaces and
 * any script are fine); control characters are dropped, an empty name becomes `column_N`, a
 * repeated one `name_2` when the rows are arrays (object rows with a repeated name are refused),
 * `__proto__` becomes `column_N`. Cells are numbers, text, booleans or null: NaN and infinities
 * become null, bigints numbers, Dates ISO text (a date alone at UTC midnight), bytes "(n bytes)",
 * other objects JSON. An `answer` that KPI cards cannot say (several rows, text, no rows) is shown
 * as a table, so nothing is hidden. The guard is a first line only: give a `runQuery` that runs on
 * a read-only connection with a time limit.
 */
export async function answerWithGrid(options: AnswerWithGridOptions): Promise<AnswerWithGridResult> {
  if (typeof options !== 'object' || options === null) {
    return { ok: false, issues: [{ code: 'invalid_option', path: '', message: 'answerWithGrid takes { plan, runQuery, limits?, title?, locale?, currency?, signal? }.' }] };
  }
  const limits = readLimits(options);
  if ('code' in limits) return { ok: false, issues: [limits] };
  const problem = optionProblem(options);
  if (problem !== null) return { ok: false, issues: [problem] };
  const planned = validatePlannerOutput(options.plan);
  if (!planned.ok) return { ok: false, issues: planned.issues };
  const plan = planned.value;
  const guard = checkReadOnlySql(plan.sql);
  if (!guard.ok) return { ok: false, issues: guard.issues };

  let result: unknown;
  try {
    const signal = options.signal;
    result = await options.runQuery(plan.sql, { maxRows: limits.maxRows + 1, timeoutMs: limits.timeoutMs, ...(signal ? { signal } : {}) });
  } catch (error) {
    return { ok: false, issues: [queryIssue(error, limits.timeoutMs, options.signal)] };
  }
  const shape = resultProblem(result);
  if (shape !== null) return { ok: false, issues: [shape] };
  const { columns, rows: rawRows, truncated: runnerTruncated } = result as QueryResult;
  const truncated = runnerTruncated === true || rawRows.length > limits.maxRows;
  const kept = rawRows.slice(0, limits.maxRows);
  // Values by column position, whatever form the rows came in; an object row's own keys only.
  const valuesAt = (index: number, name: string) =>
    kept.map((row) => (Array.isArray(row) ? row[index] : Object.prototype.hasOwnProperty.call(row, name) ? (row as Record<string, unknown>)[name] : undefined));
  const used = new Set<string>();
  const shown: (Planned & { values: unknown[] })[] = columns.map((column, index) => {
    const raw = valuesAt(index, column.name);
    const kind = kindOf(raw, column.type);
    const values = raw.map((v) => cellOf(v, kind));
    const format = kind === 'number' ? numberFormat(column.name, values) : 'text';
    return { key: keyFor(column.name, index, used), label: labelFor(column.name, index), kind, format, values };
  });
  const rows: Row[] = kept.map((_, r) => Object.fromEntries(shown.map((c) => [c.key, c.values[r]])));

  const locale = options.locale ?? 'en';
  const words = ANSWER_WORDS[languageOf(locale)] ?? (ANSWER_WORDS.en as AnswerWords);
  const { layout, kpis, charts } = presentation(plan.format, shown, rows.length, truncated, words);
  const note = truncated ? words.first(rows.length, locale) : '';
  const base = (options.title ?? plan.purpose).replace(/\s+/g, ' ').trim();
  const wire: GridViewSpecWire = {
    grid_id: `answer_${hash(`${plan.format}\u0000${plan.sql}`)}`,
    title: `${fit(base, SPEC_LIMITS.titleMaxLength - codePointLength(note))}${note}`,
    columns: shown.map((c): ColumnSpecWire => ({ key: c.key, label: c.label, format: c.format })),
    kpis,
    charts,
    layout: { blocks: layoutForFormat(layout) },
  };
  const parsed = safeParseGridViewSpec(wire);
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  try {
    const artifact = GridRenderer.build(parsed.spec, rows, { locale: options.locale, currency: options.currency });
    return { ok: true, spec: parsed.spec, artifact, truncated, rowCount: rows.length };
  } catch (error) {
    if (error instanceof GridArtifactError) return { ok: false, issues: error.issues };
    throw error;
  }
}
