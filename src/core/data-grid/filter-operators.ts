/**
 * The filter operators of the text, number, date and values filters, one entry each: how many
 * operands it takes, its AG Grid Community filter option, the key of its label and its evaluator
 * over rows in memory. The SQL of each operator is
 * the server's half of the same entry (src/server/rows/sql-operators.ts, typed so that an operator
 * without SQL does not compile). Validation (`filter-model.ts`), local evaluation (`filter-eval.ts`),
 * the SQL translation, AG Grid's option lists (`agGridFilterOptions`), the values checklist's modes
 * and the local-vs-SQL parity test (every operator with a set of probe operands of its type) all
 * read these tables; nothing else lists operators. The values checklist is
 * the library's own filter (AG Grid's set filter is Enterprise), so its operators (how a checklist
 * is read, `match`, and the modes without a list, `mode`) have no AG Grid option.
 *
 * **Blank cells** (null, undefined, whitespace-only text, NaN, an invalid Date) hold no number and
 * no day, and their text is the empty text: every text operator compares the trimmed, folded text
 * of the cell with the trimmed, folded filter text, so a filter text of only whitespace is the empty
 * text too (`equals " "` keeps the blank cells, as `blank` does; `contains " "` keeps every row and
 * `notContains " "` none). An evaluator given `null` says what a NULL cell of the database does:
 * the SQL side takes its answer for NULL from here, so the two cannot disagree on empty cells.
 *
 * @module
 */
import { toNumber, valueToText } from '../format';
import { isEmptyValuesCell } from '../search/values';
import { normaliseSearchText, queryTerms } from '../table-model/text-fold';

/** The operand of a text condition, read once per condition. */
export interface TextOperand {
  /** The filter text as given. */
  readonly text: string;
  /** Trimmed and folded (`normaliseSearchText`): what `equals`, `startsWith`, … compare. */
  readonly wanted: string;
  /** Its words, folded (`queryTerms`): what `contains` and `notContains` look for. */
  readonly terms: readonly string[];
}

/** The operands of a number condition, read once per condition. */
export interface NumberOperand {
  /** `filter` (0 when absent). */
  readonly value: number;
  /** The smaller and the larger of `filter` and `filterTo` (a range's bounds in either order). */
  readonly low: number;
  readonly high: number;
}

/** The operands of a date condition, read once per condition: days as `YYYY-MM-DD`. */
export interface DateOperand {
  /** The day of `dateFrom` ('' when absent). */
  readonly from: string;
  /** The earlier and the later of the days of `dateFrom` and `dateTo`. */
  readonly low: string;
  readonly high: string;
}

/** The operand of a values condition: its checklist, read once. */
export interface ValuesOperand {
  /** The selected texts, trimmed. */
  readonly texts: ReadonlySet<string>;
  /**
   * The selected texts that read as a decimal number (`toNumber`: `-10.00`, `05`, `1e3`; not
   * `1,000`, `0x10` or `Infinity`), as numbers: a number cell is selected by value.
   */
  readonly numbers: ReadonlySet<number>;
}

/**
 * The texts of a cell a text operator may read. Each is '' for a blank cell (see the module's note),
 * otherwise folded (`normaliseSearchText`).
 */
export interface TextCellReaders {
  /** The cell as shown (formatted), trimmed. */
  shown(value: unknown): string;
  /** The cell as shown and, for numbers, also its raw text (so "1234" finds "1,234"): the words `contains` looks in. */
  words(value: unknown): string;
}

/** What every operator has. */
interface OperatorBase {
  /** Operands a condition carries: 0 (`blank`), 1, or 2 (`inRange`: `filter`/`filterTo`, `dateFrom`/`dateTo`). */
  readonly operands: 0 | 1 | 2;
  /**
   * AG Grid Community's filter option key (an item of the provided filter's `filterOptions`); the
   * model's `type` is this key. A key that is none of AG Grid's own becomes a custom option
   * (`agGridFilterOptions`).
   */
  readonly agGridOption: string;
  /**
   * Key of its label in AG Grid's texts (`AG_GRID_TEXTS` in both languages; a host rewords it as
   * `aggrid.<labelKey>`). AG Grid shows its own options under their key, so for them it is the
   * option key.
   */
  readonly labelKey: string;
}

/** A text operator. */
export interface TextOperator extends OperatorBase {
  readonly operands: 0 | 1;
  /**
   * The test of one cell value for one operand; `null` and every blank value must give what the
   * empty text gives. Called once per condition, the result once per row.
   */
  readonly local: (operand: TextOperand, read: TextCellReaders) => (value: unknown) => boolean;
  /**
   * As a lone condition on a searchable column, the text is read in the search language instead
   * (the table model's index in memory, `searchSql` on a server); `local` serves it everywhere else.
   */
  readonly searchLanguage?: true;
}

/** A number operator. */
export interface NumberOperator extends OperatorBase {
  /** The test of one cell value; `null` stands for a NULL cell. */
  readonly local: (operand: NumberOperand) => (value: unknown) => boolean;
}

/** A date operator. */
export interface DateOperator extends OperatorBase {
  /** The test of one cell value; `null` stands for a NULL cell. */
  readonly local: (operand: DateOperand) => (value: unknown) => boolean;
}

/**
 * An operator of the values checklist: how a checklist is read (`{ values, match }`, one operand:
 * the list) or a mode without a list (`{ mode }`).
 */
export interface ValuesOperator {
  /** 1: a way of reading a checklist (a model's `match`); 0: a mode without a list (a model's `mode`). */
  readonly operands: 0 | 1;
  /** Key of its label in the main catalogs (the checklist shows the modes). */
  readonly labelKey: string;
  /** The test of one cell value; `null` stands for a NULL cell. An empty checklist selects nothing. */
  readonly local: (operand: ValuesOperand) => (value: unknown) => boolean;
}

/** The operators of each filter type, by the name a model's `type` (`match`, `mode`) carries. */
export interface FilterOperatorRegistry {
  readonly text: Readonly<Record<string, TextOperator>>;
  readonly number: Readonly<Record<string, NumberOperator>>;
  readonly date: Readonly<Record<string, DateOperator>>;
  readonly values: Readonly<Record<string, ValuesOperator>>;
}

/** The filter types that have operators. */
export type OperatorFilterType = keyof FilterOperatorRegistry;

/** The filter types that are AG Grid's provided filters (the others are the library's own). */
export type AgGridFilterType = 'text' | 'number' | 'date';

/** Blank for every filter: null, undefined, a whitespace-only string, NaN or an invalid Date. */
export function isBlankCell(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (value instanceof Date) return Number.isNaN(value.getTime());
  return false;
}

const notBlankCell = (value: unknown): boolean => !isBlankCell(value);

/** Every term occurs in the text. */
function hasEvery(text: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!text.includes(term)) return false;
  return true;
}

/** A number test that holds only for a cell holding a number (`toNumber`: numbers and numeric strings). */
function numberIs(test: (n: number) => boolean): (value: unknown) => boolean {
  return (value) => {
    const n = toNumber(value);
    return n !== null && test(n);
  };
}

const DAY_PREFIX = /^(\d{4}-\d{2}-\d{2})(?:$|[ T])/;

/**
 * The calendar day of a cell as `YYYY-MM-DD`: a string starting with an ISO date, or a valid Date
 * (its UTC day, so the answer does not depend on the machine's time zone); null for anything else.
 */
export function dayOf(value: unknown): string | null {
  if (typeof value === 'string') return DAY_PREFIX.exec(value.trim())?.[1] ?? null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return null;
}

/** A date test that holds only for a cell holding a day (`dayOf`). */
function dayIs(test: (day: string) => boolean): (value: unknown) => boolean {
  return (value) => {
    const day = dayOf(value);
    return day !== null && test(day);
  };
}

/** The operators of AG Grid's text filter (the DataGrid's own text filter writes only `contains`). */
const TEXT_OPERATORS = {
  contains: {
    operands: 1,
    agGridOption: 'contains',
    labelKey: 'contains',
    searchLanguage: true,
    local: ({ terms }, read) => (value) => hasEvery(read.words(value), terms),
  },
  notContains: {
    operands: 1,
    agGridOption: 'notContains',
    labelKey: 'notContains',
    local: ({ terms }, read) => (value) => !hasEvery(read.words(value), terms),
  },
  equals: {
    operands: 1,
    agGridOption: 'equals',
    labelKey: 'equals',
    local: ({ wanted }, read) => (value) => read.shown(value) === wanted,
  },
  notEqual: {
    operands: 1,
    agGridOption: 'notEqual',
    labelKey: 'notEqual',
    local: ({ wanted }, read) => (value) => read.shown(value) !== wanted,
  },
  startsWith: {
    operands: 1,
    agGridOption: 'startsWith',
    labelKey: 'startsWith',
    local: ({ wanted }, read) => (value) => read.shown(value).startsWith(wanted),
  },
  endsWith: {
    operands: 1,
    agGridOption: 'endsWith',
    labelKey: 'endsWith',
    local: ({ wanted }, read) => (value) => read.shown(value).endsWith(wanted),
  },
  blank: { operands: 0, agGridOption: 'blank', labelKey: 'blank', local: () => isBlankCell },
  notBlank: { operands: 0, agGridOption: 'notBlank', labelKey: 'notBlank', local: () => notBlankCell },
} satisfies Record<string, TextOperator>;

/** The operators of AG Grid's number filter, in AG Grid's order. A NULL cell passes only `blank`. */
const NUMBER_OPERATORS = {
  equals: { operands: 1, agGridOption: 'equals', labelKey: 'equals', local: ({ value }) => numberIs((n) => n === value) },
  notEqual: { operands: 1, agGridOption: 'notEqual', labelKey: 'notEqual', local: ({ value }) => numberIs((n) => n !== value) },
  greaterThan: { operands: 1, agGridOption: 'greaterThan', labelKey: 'greaterThan', local: ({ value }) => numberIs((n) => n > value) },
  greaterThanOrEqual: { operands: 1, agGridOption: 'greaterThanOrEqual', labelKey: 'greaterThanOrEqual', local: ({ value }) => numberIs((n) => n >= value) },
  lessThan: { operands: 1, agGridOption: 'lessThan', labelKey: 'lessThan', local: ({ value }) => numberIs((n) => n < value) },
  lessThanOrEqual: { operands: 1, agGridOption: 'lessThanOrEqual', labelKey: 'lessThanOrEqual', local: ({ value }) => numberIs((n) => n <= value) },
  // Exclusive at both ends, bounds in either order (AG Grid's default).
  inRange: { operands: 2, agGridOption: 'inRange', labelKey: 'inRange', local: ({ low, high }) => numberIs((n) => n > low && n < high) },
  blank: { operands: 0, agGridOption: 'blank', labelKey: 'blank', local: () => isBlankCell },
  notBlank: { operands: 0, agGridOption: 'notBlank', labelKey: 'notBlank', local: () => notBlankCell },
} satisfies Record<string, NumberOperator>;

/** The operators of AG Grid's date filter, in AG Grid's order: they compare calendar days (`dayOf`). */
const DATE_OPERATORS = {
  equals: { operands: 1, agGridOption: 'equals', labelKey: 'equals', local: ({ from }) => dayIs((day) => day === from) },
  notEqual: { operands: 1, agGridOption: 'notEqual', labelKey: 'notEqual', local: ({ from }) => dayIs((day) => day !== from) },
  lessThan: { operands: 1, agGridOption: 'lessThan', labelKey: 'lessThan', local: ({ from }) => dayIs((day) => day < from) },
  greaterThan: { operands: 1, agGridOption: 'greaterThan', labelKey: 'greaterThan', local: ({ from }) => dayIs((day) => day > from) },
  // Exclusive at both ends, bounds in either order.
  inRange: { operands: 2, agGridOption: 'inRange', labelKey: 'inRange', local: ({ low, high }) => dayIs((day) => day > low && day < high) },
  blank: { operands: 0, agGridOption: 'blank', labelKey: 'blank', local: () => isBlankCell },
  notBlank: { operands: 0, agGridOption: 'notBlank', labelKey: 'notBlank', local: () => notBlankCell },
} satisfies Record<string, DateOperator>;

/** The cell is selected by the checklist: by its trimmed raw text (`valueToText`), and a number cell also by value. */
function selects({ texts, numbers }: ValuesOperand): (value: unknown) => boolean {
  if (texts.size === 0) return () => false;
  return (value) => {
    // A finite number's text (`String(n)`) reads back as the number itself, so its text is selected
    // only when its number is: one Set lookup, no text made.
    if (typeof value === 'number' && value - value === 0) return numbers.has(value);
    if (typeof value === 'bigint') {
      const n = toNumber(value);
      if (n !== null && numbers.has(n)) return true;
    }
    return texts.has(valueToText(value).trim());
  };
}

/**
 * The cell is empty for the checklist: blank, `-` or `—` (and NULL), or a list cell whose items all
 * are (an empty list too), as the simple table reads it (`isEmptyValuesCell`).
 */
export function isValuesEmptyCell(value: unknown): boolean {
  return Array.isArray(value) ? value.every(isValuesEmptyCell) : isEmptyValuesCell(valueToText(value));
}

/** The operators of the values checklist: two ways of reading a list, two modes without one. */
const VALUES_OPERATORS = {
  exact: { operands: 1, labelKey: 'grid.values.mode_values', local: (operand) => selects(operand) },
  // A list cell (an array) is selected when one of its items is; a SQL cell holds one value.
  any_token: {
    operands: 1,
    // The checklist shows it as it shows `exact`: the chosen values.
    labelKey: 'grid.values.mode_values',
    local: (operand) => {
      const holds = selects(operand);
      return (value) => (Array.isArray(value) ? value.some(holds) : holds(value));
    },
  },
  empty: { operands: 0, labelKey: 'grid.values.mode_empty', local: () => isValuesEmptyCell },
  non_empty: { operands: 0, labelKey: 'grid.values.mode_non_empty', local: () => (value) => !isValuesEmptyCell(value) },
} satisfies Record<string, ValuesOperator>;

/**
 * The built-in operators. The operation types of the filter models (`TextFilterOperation`, …) are
 * their keys, so an operator is added here, in the server's SQL table, and with its label in both
 * AG Grid text catalogs (docs/contributing.md, "Add a filter operator").
 */
export const FILTER_OPERATORS = Object.freeze({
  text: TEXT_OPERATORS,
  number: NUMBER_OPERATORS,
  date: DATE_OPERATORS,
  values: VALUES_OPERATORS,
}) satisfies FilterOperatorRegistry;

/** The registry of built-in operators, typed as any registry (what the functions taking a registry default to). */
export const BUILT_IN_OPERATORS: FilterOperatorRegistry = FILTER_OPERATORS;

/** The built-in text operators' names. */
export type BuiltInTextOperation = keyof typeof TEXT_OPERATORS;
/** The built-in number operators' names. */
export type BuiltInNumberOperation = keyof typeof NUMBER_OPERATORS;
/** The built-in date operators' names. */
export type BuiltInDateOperation = keyof typeof DATE_OPERATORS;

/** The names of the operators of `T` that take `N` operands. */
type NamesWith<T, N> = { [K in keyof T]: T[K] extends { operands: N } ? K : never }[keyof T];
/** The built-in ways of reading a checklist (a values model's `match`). */
export type BuiltInValuesMatch = NamesWith<typeof VALUES_OPERATORS, 1>;
/** The built-in modes of the checklist without a list (a values model's `mode`). */
export type BuiltInValuesMode = NamesWith<typeof VALUES_OPERATORS, 0>;

/** The entry of an operator, or undefined when `registry` has none of that name for that filter type. */
export function findOperator<T extends OperatorFilterType>(registry: FilterOperatorRegistry, filterType: T, name: unknown): FilterOperatorRegistry[T][string] | undefined {
  if (typeof name !== 'string') return undefined;
  const table = registry[filterType] as Readonly<Record<string, FilterOperatorRegistry[T][string]>>;
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}

/**
 * The entry of an operator; throws when `registry` has none. Evaluation and SQL translation call
 * this, never a default: a model that reached them was validated against the same registry, so a
 * missing operator is a programming error (another registry, a model that skipped validation), and
 * reading it as some other operator would show other rows than the reader chose.
 */
export function operatorOf<T extends OperatorFilterType>(registry: FilterOperatorRegistry, filterType: T, name: unknown): FilterOperatorRegistry[T][string] {
  const entry = findOperator(registry, filterType, name);
  if (entry === undefined) throw new Error(`No ${filterType} filter operator ${JSON.stringify(name)} is registered.`);
  return entry;
}

/** The text operand of a condition's text (`filter`; '' when absent). */
export function textOperand(text: string | null | undefined): TextOperand {
  const given = text ?? '';
  return { text: given, wanted: normaliseSearchText(given.trim()), terms: queryTerms(given) };
}

/** The number operands of a condition (absent values as 0). */
export function numberOperand(filter: number | null | undefined, filterTo: number | null | undefined): NumberOperand {
  const a = filter ?? 0;
  const b = filterTo ?? 0;
  return { value: a, low: Math.min(a, b), high: Math.max(a, b) };
}

/** The operand of a values checklist (none for a mode). */
export function valuesOperand(values: readonly string[] | undefined): ValuesOperand {
  const texts = new Set<string>();
  const numbers = new Set<number>();
  for (const value of values ?? []) {
    texts.add(value.trim());
    const n = toNumber(value);
    // A Set compares by SameValueZero: "-0" selects 0.
    if (n !== null) numbers.add(n);
  }
  return { texts, numbers };
}

/** The date operands of a condition: the days (first ten characters) of `dateFrom` and `dateTo`. */
export function dateOperand(dateFrom: string | null | undefined, dateTo: string | null | undefined): DateOperand {
  const from = (dateFrom ?? '').slice(0, 10);
  const to = (dateTo ?? '').slice(0, 10);
  return { from, low: from < to ? from : to, high: from < to ? to : from };
}

/** AG Grid's own option keys per provided filter (AG Grid Community 36: its default option lists). */
const AG_GRID_OWN_OPTIONS: Readonly<Record<AgGridFilterType, readonly string[]>> = {
  text: ['contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith', 'blank', 'notBlank'],
  number: ['equals', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'inRange', 'blank', 'notBlank'],
  date: ['equals', 'notEqual', 'lessThan', 'greaterThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'inRange', 'blank', 'notBlank'],
};

/** A custom option of an AG Grid provided filter (AG Grid's `IFilterOptionDef`, structurally). */
export interface AgGridCustomFilterOption {
  displayKey: string;
  /** The label (AG Grid shows `localeText[displayKey]` instead when the grid's texts have one). */
  displayName: string;
  /** AG Grid requires one; the row source filters (the infinite row model never calls it). */
  predicate: () => boolean;
  numberOfInputs: 0 | 1 | 2;
}

/**
 * The `filterOptions` of an AG Grid provided filter, in the registry's order: AG Grid's own option
 * keys as they are (AG Grid labels them from the grid's `localeText`), any other operator as a
 * custom option labelled `label(labelKey)` (the grid's texts: `agGridLocaleText`). For the built-in
 * registry this is AG Grid's default list, so the menus are AG Grid's own.
 */
export function agGridFilterOptions(
  filterType: AgGridFilterType,
  label: (labelKey: string) => string,
  registry: FilterOperatorRegistry = BUILT_IN_OPERATORS,
): (string | AgGridCustomFilterOption)[] {
  const own = AG_GRID_OWN_OPTIONS[filterType];
  return Object.values(registry[filterType]).map((entry) =>
    own.includes(entry.agGridOption)
      ? entry.agGridOption
      : { displayKey: entry.agGridOption, displayName: label(entry.labelKey), predicate: () => true, numberOfInputs: entry.operands },
  );
}
