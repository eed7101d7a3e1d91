/**
 * The spec error catalog and the error the throwing parsers raise. Every `SpecIssue.code` the parser
 * can produce is a key of `SPEC_ERROR_CATALOG`; `docs/spec.md` prints the same table, and a test keeps
 * the two in step.
 *
 * @module
 */
import type { SpecErrorCode, SpecIssue, SpecWarningCode } from './types';

/** What one error code means and how to fix a spec that has it. */
export interface SpecErrorCatalogEntry {
  /** One line: what is wrong. */
  summary: string;
  /** One line: what to change in the spec. */
  fix: string;
}

/**
 * Every spec error code with a one-line summary and a fix. Frozen; the codes are stable across
 * versions of the wire spec (a code is never reused for another meaning).
 *
 * Edge cases: a forbidden key (`rows`, `chart_option`, `sql`, a KPI `value`, ...) is reported only
 * with its `forbidden_*` code, never also as `unknown_field`; `required` is "missing", while a present
 * but blank label is `too_short`; a non-integer `height` is `invalid_type`, an integer outside the
 * range is `out_of_range`. `too_many_issues` always comes with other issues (it says the list is
 * shortened, or that an oversized part was only partly searched); `validation_failed` says checking
 * stopped early. Either way the spec counts as invalid.
 */
// Pure: an app that parses specs but never shows the catalog does not bundle its texts.
export const SPEC_ERROR_CATALOG: Readonly<Record<SpecErrorCode, Readonly<SpecErrorCatalogEntry>>> = /* @__PURE__ */ freezeEntries({
  not_object: {
    summary: 'The spec is not a plain JSON object.',
    fix: 'Pass a JSON object such as {"grid_id": "orders", "columns": [...]}; not a string, array, null, Map or class instance (JSON.parse a string first).',
  },
  required: {
    summary: 'A required field is missing.',
    fix: 'Add the field named by the path (grid_id and columns at the top; key and label of a column; label of a KPI; key of a series; id, chart_type and one of x_key, label_key or group_by of a chart; blocks or kpi_columns of a layout).',
  },
  invalid_type: {
    summary: 'A value has the wrong JSON type, or is not JSON at all.',
    fix: 'Use the type the field takes: text, a boolean, a whole number, an array or an object; null is never a value, leave the field out instead.',
  },
  unknown_field: {
    summary: 'The spec has a field it does not define, or a reserved name such as __proto__.',
    fix: 'Remove the field, or correct its spelling; the wire spec uses snake_case (export_xlsx, not exportXlsx).',
  },
  invalid_pattern: {
    summary: 'Text does not have the required form.',
    fix: 'grid_id and chart ids: lowercase letter first, then a-z, 0-9, _ or -; row keys: no control characters and not __proto__.',
  },
  invalid_enum: {
    summary: 'A value is not one of the allowed choices.',
    fix: 'Use one of the values listed in the message; values are lowercase and case-sensitive.',
  },
  too_short: {
    summary: 'Text is empty or only whitespace.',
    fix: 'Write visible text, or leave an optional field (title) out.',
  },
  too_long: {
    summary: 'Text is longer than its limit.',
    fix: 'Shorten it: ids 64 or 100 characters, keys 100, labels and title 200, URLs 2048 (counted in Unicode characters).',
  },
  too_few_items: {
    summary: 'An array has fewer entries than it needs.',
    fix: 'Give at least one column, one chart series and one layout block.',
  },
  too_many_items: {
    summary: 'An array has more entries than allowed.',
    fix: 'Keep at most 200 columns, 8 KPIs, 3 charts, 8 series per chart, 6 layout blocks and 200 export columns.',
  },
  out_of_range: {
    summary: 'A number is outside its allowed range.',
    fix: 'Chart height is a whole number of pixels from 120 to 1200; layout.kpi_columns a whole number from 1 to 6.',
  },
  duplicate_id: {
    summary: 'Two charts share an id.',
    fix: 'Give every chart an id that is unique within the view.',
  },
  duplicate_key: {
    summary: 'Two columns share a key, or a layout block or export column is listed twice.',
    fix: 'Give every column a unique key and list each layout block and export column at most once.',
  },
  invalid_width: {
    summary: 'A column width is not a CSS length the spec accepts.',
    fix: 'Use auto or a number with a unit: 120px, 12.5rem, 8em, 20%, 12ch or 15vw.',
  },
  invalid_placeholder: {
    summary: 'A link template has a brace outside a well-formed {placeholder}.',
    fix: 'Write placeholders as {row_key}: no empty, nested or unmatched braces.',
  },
  unsafe_url: {
    summary: 'A URL is not http(s) or relative, or contains whitespace, control characters or a backslash.',
    fix: 'Use https://host/path, //host/path, /path, path, ?query or #fragment; javascript:, data: and other schemes are refused.',
  },
  forbidden_rows: {
    summary: 'The spec carries rows or data.',
    fix: 'Remove rows/data from the spec and pass the rows to the renderer separately.',
  },
  forbidden_kpi_value: {
    summary: 'A KPI carries a value (value, raw_value, result, delta, target, any number...).',
    fix: 'Remove it: a KPI names an aggregate and a column_key; the value is computed from the rows.',
  },
  forbidden_option: {
    summary: 'The spec carries a raw chart or grid option object.',
    fix: 'Remove chart_option/option(s)/echarts_option/grid_options/column_defs; describe charts with chart_type, x_key and series.',
  },
  forbidden_sql: {
    summary: 'The spec carries SQL or query text.',
    fix: 'Remove sql/query; the host runs its queries and passes the rows.',
  },
  missing_column_key: {
    summary: 'A KPI aggregate other than count has no column_key.',
    fix: 'Add column_key naming the row key to aggregate; only count may leave it out (it then counts rows).',
  },
  missing_value_key: {
    summary: 'A chart aggregate other than count names no values to aggregate.',
    fix: 'Add value_key (or series) naming the row key to aggregate; only count may leave it out (it then counts rows per category).',
  },
  conflicting_fields: {
    summary: 'Two fields of the spec cannot be used together, or a field does not apply to this chart type.',
    fix: 'Keep one of the two as the message says: one of x_key/label_key/group_by, series or value_key; sort only on bar charts; no export column whose column is not exportable.',
  },
  invalid_color: {
    summary: 'A series colour is not a CSS colour the spec accepts.',
    fix: 'Use hex (#36c, #3366cc), rgb()/rgba(), hsl()/hsla() or a named colour such as steelblue; CSS variables, gradients, url() and other CSS are refused.',
  },
  unknown_column: {
    summary: 'export_columns or group_by names a key that no column has.',
    fix: 'Use the key of one of the spec\'s columns (add the column first if it is missing; it may be hidden).',
  },
  too_many_issues: {
    summary: 'The spec has more issues than are listed, or parts too large to check completely.',
    fix: 'Fix the listed issues and validate again; a valid spec is small (at most 200 columns and no fields it does not define).',
  },
  validation_failed: {
    summary: 'The validator stopped on an unexpected error, so the spec could not be checked completely.',
    fix: 'Treat the spec as invalid; the message names the error. Report it to vue-grid-view with the spec that caused it.',
  },
});

/**
 * Every spec warning code with a summary and a fix, like `SPEC_ERROR_CATALOG`. A warning never
 * makes a spec invalid; it names something the parser accepted but cannot honour exactly. Frozen.
 *
 * Edge cases: `unknown_icon` is the seed system's free-text `icon` (an emoji, `fa-money`, ...): the
 * parsed spec holds `icon: null` and the card shows no icon. `ignored_field` is a chart field the
 * seed system's schema allows but that means nothing for the chart's type (`stacked` on a pie): the
 * parsed spec drops it.
 */
export const SPEC_WARNING_CATALOG: Readonly<Record<SpecWarningCode, Readonly<SpecErrorCatalogEntry>>> = /* @__PURE__ */ freezeEntries({
  unknown_icon: {
    summary: 'A KPI icon is not one this library draws, so the card shows no icon.',
    fix: 'Use one of chart, money, users, cart, clock, percent, star, alert, check, box, globe, trend_up or trend_down, or leave icon out.',
  },
  ignored_field: {
    summary: 'A chart field has no effect on this kind of chart (the seed system accepts it and ignores it), so it is ignored.',
    fix: 'Remove the field: stacking, series colours and series types do nothing on pie and donut charts, a stacked_bar is always stacked, and only a donut that sums or counts shows a centre total.',
  },
});

function freezeEntries<T extends Record<string, SpecErrorCatalogEntry>>(entries: T): Readonly<T> {
  for (const entry of Object.values(entries)) Object.freeze(entry);
  return Object.freeze(entries);
}

/** How many issues the error message lists before summarising the rest (the `issues` array keeps all). */
const MESSAGE_ISSUE_LIMIT = 50;

/**
 * Thrown by `parseGridViewSpecJson` and `parseGridViewSpec` when a spec is invalid. Carries every
 * issue found, not just the first; the non-throwing `safeParse…` forms return the same list.
 *
 * The message has one line per issue, `- [code] path: message` (the root path shows as `(root)`),
 * listing at most 50 and counting the rest; `issues` is a frozen copy with every issue. Use
 * `instanceof GridViewSpecError` or `error.name === 'GridViewSpecError'` (the latter also works across
 * bundles that carry their own copy of the class).
 */
export class GridViewSpecError extends Error {
  /** Every issue, sorted by path then code. Frozen. */
  readonly issues: SpecIssue[];

  /** @param issues the problems found; at least one is expected, an empty list still gives a clear message. */
  constructor(issues: readonly SpecIssue[]) {
    const copy = issues.map((issue) => Object.freeze({ ...issue }));
    super(formatIssues(copy));
    this.name = 'GridViewSpecError';
    this.issues = Object.freeze(copy) as SpecIssue[];
  }
}

function formatIssues(issues: readonly SpecIssue[]): string {
  if (issues.length === 0) return 'Invalid grid view spec.';
  const lines = issues.slice(0, MESSAGE_ISSUE_LIMIT).map((issue) => `- [${issue.code}] ${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
  if (issues.length > MESSAGE_ISSUE_LIMIT) lines.push(`- …and ${issues.length - MESSAGE_ISSUE_LIMIT} more (see error.issues)`);
  const count = issues.length === 1 ? '1 issue' : `${issues.length} issues`;
  return `Invalid grid view spec (${count}):\n${lines.join('\n')}`;
}
