/**
 * Text order of a SQL row source: the reader's language, as the browser sorts (`getCollator(locale)`
 * in src/core/format.ts: `Intl.Collator(locale, { numeric: true, sensitivity: 'variant' })`), in
 * `ORDER BY` and in the keyset comparisons of `sql-keyset.ts`, which must agree with it.
 *
 * - **PostgreSQL** sorts with an ICU collation of the same locale and options (`uk-u-kn-true`),
 *   nondeterministic, so texts the collator calls equal tie and follow the tie-breaker as in the
 *   browser. PostgreSQL's predefined ICU collations (`uk-x-icu`) lack numeric ordering, so a
 *   source's first text sort creates `grid_view_<tag>` (`CREATE COLLATION IF NOT EXISTS`, in the
 *   first schema of the search path) unless one is already visible.
 * - **SQLite** has no ICU and better-sqlite3 cannot register a collation, only functions. No
 *   function of a text alone can give `Intl.Collator`'s order exactly: the collator exposes no sort
 *   keys, and a key rebuilt from probing it (as the core's ASCII path does for ASCII) is only known
 *   to hold on what was probed. So the order comes from the collator itself: the source reads the
 *   column's distinct texts once, sorts them with the collator, and gives each a key whose byte
 *   order is that order (`SortKeyTable`, shared by the sources of one database, table, column and
 *   locale); `grid_view_sort_key(table, text)` answers it. A text written after that (not in the
 *   table) is placed among the others by the collator and gets a key between its neighbours'
 *   (fractional keys, so no other key moves); many such texts make the source read the column
 *   again.
 *
 * @module
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { getCollator } from '../../core/format';
import { asciiCollationOf, asciiOrderSteps } from '../../core/table-model/ascii-collation';
import { collationOrder } from '../../core/table-model/collation-order';
import type { TextOrder } from '../../core/table-model/key-order';
import { DatabaseSetupError } from '../store/faults';
import type { SqlDialectName } from '../store/schema';
import type { SqlColumn } from './sql-condition';

/** Name of the SQLite function `registerSqliteFunctions` adds for text order. */
export const SQLITE_SORT_KEY_FUNCTION = 'grid_view_sort_key';

/** Prefix of the PostgreSQL collations the source creates (`grid_view_uk-u-kn-true`). */
const COLLATION_PREFIX = 'grid_view_';
/** PostgreSQL truncates longer identifiers (NAMEDATALEN - 1). */
const MAX_IDENTIFIER_BYTES = 63;
/** A BCP 47 tag as ICU takes it: a language, then subtags of letters and digits. Nothing else reaches SQL. */
const ICU_TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

/**
 * The ICU locale of `locale`'s collator as the browser builds it (`getCollator`), with every option
 * that collator resolved written as a Unicode extension: `uk` gives `uk-u-kn-true`, no locale the
 * browser's default `en-u-kn-true` (English has no tailoring: CLDR's root order), `de-u-co-phonebk`
 * gives `de-u-co-phonebk-kn-true`. Throws a `TypeError` for a locale that is not a BCP 47 tag.
 */
export function collationTag(locale: string | undefined): string {
  if (locale !== undefined) {
    let valid = typeof locale === 'string';
    try {
      if (valid) Intl.getCanonicalLocales(locale);
    } catch {
      valid = false;
    }
    if (!valid) throw new TypeError(`locale must be a BCP 47 language tag such as 'uk' or 'en-GB', not ${JSON.stringify(locale)}.`);
  }
  // The collator the browser sorts with, for the same locale (an unknown language falls back to
  // `en` there too), and what it resolved: the language and each option ICU reads from the tag.
  const resolved = getCollator(locale).resolvedOptions();
  const base = resolved.locale.split('-u-')[0] ?? '';
  const keys: string[] = [];
  if (resolved.collation !== undefined && resolved.collation !== 'default') keys.push(`co-${resolved.collation}`);
  if (resolved.ignorePunctuation) keys.push('ka-shifted');
  if (resolved.caseFirst !== undefined && resolved.caseFirst !== 'false') keys.push(`kf-${resolved.caseFirst}`);
  keys.push('kn-true');
  const tag = `${base}-u-${keys.join('-')}`;
  if (!ICU_TAG.test(tag) || COLLATION_PREFIX.length + tag.length > MAX_IDENTIFIER_BYTES) {
    throw new TypeError(`locale ${JSON.stringify(locale)} resolves to a collation (${JSON.stringify(tag)}) the SQL row source cannot name.`);
  }
  return tag;
}

/** The PostgreSQL collation the source sorts text with for an ICU tag from `collationTag`. */
export function postgresCollationName(tag: string): string {
  return `${COLLATION_PREFIX}${tag}`;
}

/**
 * The statement that creates the collation for an ICU tag from `collationTag` (checked: letters,
 * digits and `-` only). Nondeterministic: texts ICU calls equal (`e` + U+0301 and `é`) are equal,
 * so they tie and the tie-breaker orders them, as the browser keeps their order.
 */
export function createCollationStatement(tag: string): string {
  if (!ICU_TAG.test(tag)) throw new TypeError(`Not an ICU locale tag: ${JSON.stringify(tag)}.`);
  return `CREATE COLLATION IF NOT EXISTS "${postgresCollationName(tag)}" (provider = icu, locale = '${tag}', deterministic = false)`;
}

/** SQLSTATEs of a collation the role cannot create, whatever it retries: no privilege, no schema to create in, no ICU, a locale refused. */
const SETUP_STATES = new Set(['42501', '3F000', '0A000', '22023', '42704']);
/** SQLSTATEs of a concurrent creation of the same collation (another connection or process won the race). */
const RACE_STATES = new Set(['23505', '42710']);

/**
 * Makes sure the collation of `tag` is visible to `db` (PostgreSQL), creating it when it is not.
 * Throws `DatabaseSetupError` (a 500: the application's setup) when the role cannot create it,
 * with the statement to run once as an owner of the schema; any other failure as it came.
 */
export async function ensurePostgresCollation(db: Kysely<unknown>, tag: string): Promise<void> {
  const name = postgresCollationName(tag);
  const found = await sql<{ one: number }>`SELECT 1 AS one FROM pg_collation WHERE collname = ${name} AND pg_collation_is_visible(oid)`.execute(db);
  if (found.rows.length > 0) return;
  const statement = createCollationStatement(tag);
  try {
    await sql.raw(statement).execute(db);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && RACE_STATES.has(code)) return;
    if (typeof code === 'string' && SETUP_STATES.has(code)) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseSetupError(
        `createSqlRowSource: sorting text in the reader's order needs the ICU collation "${name}", which this role could not create (${reason}). Run once, as a role that may create objects in a schema of the search path: ${statement};`,
        { cause: error },
      );
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// SQLite: sort keys from the collator
// ---------------------------------------------------------------------------------------------

/** Digits of the keys, in byte order (SQLite compares the keys' bytes: `BINARY`). */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Ends every key a table is built with, so no key ends with the smallest digit and there is room on both sides. */
const MIDDLE = 'V';
/**
 * Texts a table places after its build before it is read again. Each is placed by two binary
 * searches, and its key halves the room between its neighbours: texts that keep landing in one gap
 * lengthen keys by a digit every five or six, so the bound keeps the longest key to a few hundred
 * bytes. Past half of it the source reads the column again before its next statement; past all of
 * it the statement stops (`SortKeysOutgrown`) and is run again after the read.
 */
const MAX_ADDED = 2048;

/**
 * Thrown by `grid_view_sort_key` when a statement meets more texts its table does not hold than
 * `MAX_ADDED` (many rows written since the column was read): the source reads the column again and
 * runs the statement once more (`TextCollation.run`).
 */
export class SortKeysOutgrown extends Error {
  override readonly name = 'SortKeysOutgrown';
}

/**
 * A key strictly between `low` and `high` in byte order (`''`: no lower bound; null: no upper
 * bound). Neither may end with the smallest digit, and neither does the answer, so there is always
 * a key between two others: the keys of a table are fractional, and inserting one moves no other.
 */
export function keyBetween(low: string, high: string | null): string {
  // Next to an open end (a text above or below every other), one digit on from the last key, so
  // texts that keep arriving there (ascending or descending inserts) lengthen keys by a digit every
  // sixty; between two keys the middle digit, which leaves room on both sides.
  const aboveAll = high === null;
  const belowAll = low === '';
  let prefix = '';
  for (;;) {
    if (high !== null) {
      // The common prefix stays; the rest is placed between the tails.
      let n = 0;
      while ((low[n] ?? DIGITS[0]) === high[n]) n++;
      prefix += high.slice(0, n);
      low = low.slice(n);
      high = high.slice(n);
    }
    const lowDigit = low === '' ? 0 : DIGITS.indexOf(low[0] as string);
    const highDigit = high === null ? DIGITS.length : DIGITS.indexOf(high[0] as string);
    if (aboveAll && lowDigit < DIGITS.length - 1) return prefix + (DIGITS[lowDigit + 1] as string);
    if (belowAll && highDigit > 1) return prefix + (DIGITS[highDigit - 1] as string);
    if (highDigit - lowDigit > 1) return prefix + (DIGITS[Math.round((lowDigit + highDigit) / 2)] as string);
    // Adjacent first digits: a longer high key's first digit alone is already above low; else keep
    // low's first digit and go on above the rest of low.
    if (high !== null && high.length > 1) return prefix + high.slice(0, 1);
    prefix += DIGITS[lowDigit] as string;
    low = low.slice(1);
    high = null;
  }
}

/** The text a cell sorts by: text as it is, numbers as JavaScript writes them (as the fold reads them); null for NULL and blobs. */
function sortText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/** Index of the first of `texts` (sorted by `compare`) not below `text`, and whether it equals `text`. */
function place(texts: readonly string[], text: string, compare: (a: string, b: string) => number): { at: number; equal: boolean } {
  let low = 0;
  let high = texts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compare(texts[middle] as string, text);
    if (order === 0) return { at: middle, equal: true };
    if (order < 0) low = middle + 1;
    else high = middle;
  }
  return { at: low, equal: false };
}

/**
 * The texts of one column in a collator's order, each with a key whose byte order is that order:
 * texts the collator calls equal share a key, and a key is equal, lower or higher exactly when the
 * collator says so. Built from the column's distinct values (sorted by the collator); a text it
 * has not seen is placed by binary searches with the collator and gets a key between its
 * neighbours', so every key handed out before keeps its place.
 */
export class SortKeyTable {
  /** Its number in `grid_view_sort_key(table, text)`. */
  readonly id: number;
  readonly #collator: Intl.Collator;
  /** Every text seen, with its key. */
  #keys = new Map<string, string>();
  /** The build: one text per key, in the collator's order, and the keys (ascending). */
  #texts: readonly string[] = [];
  #textKeys: readonly string[] = [];
  /** Texts placed since the build (at most `MAX_ADDED`), in the collator's order, and their keys. */
  #added: string[] = [];
  #addedKeys: string[] = [];

  constructor(collator: Intl.Collator, values: readonly unknown[] = []) {
    this.id = register(this);
    this.#collator = collator;
    this.rebuild(values);
  }

  /**
   * Replaces every key with those of `values` (a column's distinct values), ordered as the
   * browser's grid orders text (`collatorOrder`). Keys of a build are fixed-width digits and
   * `MIDDLE`: as short as the count allows.
   */
  rebuild(values: readonly unknown[]): void {
    // Distinct as SQL values already; a number and its text (5 and '5' in one SQLite column) are
    // two entries, adjacent and equal in the order, so they share a key.
    const texts = values.map(sortText).filter((text): text is string => text !== null);
    const { order, same } = collatorOrder(texts, this.#collator);
    let groups = 0;
    for (let i = 0; i < texts.length; i++) if (i === 0 || same[i] !== 1) groups++;
    let width = 1;
    while (DIGITS.length ** width < groups) width++;
    const keys = new Map<string, string>();
    const firsts: string[] = [];
    const firstKeys: string[] = [];
    let key = '';
    for (let i = 0; i < texts.length; i++) {
      const text = texts[order[i] as number] as string;
      if (i === 0 || same[i] !== 1) {
        key = builtKey(firsts.length, width);
        firsts.push(text);
        firstKeys.push(key);
      }
      keys.set(text, key);
    }
    this.#keys = keys;
    this.#texts = firsts;
    this.#textKeys = firstKeys;
    this.#added = [];
    this.#addedKeys = [];
  }

  /**
   * The key of a cell (null for NULL and blobs): the key of its text, placed now if it is new.
   * Throws `SortKeysOutgrown` when `MAX_ADDED` texts were placed since the build.
   */
  keyOf(value: unknown): string | null {
    const text = sortText(value);
    if (text === null) return null;
    const known = this.#keys.get(text);
    if (known !== undefined) return known;
    const compare = this.#collator.compare;
    const built = place(this.#texts, text, compare);
    const added = place(this.#added, text, compare);
    const equal = built.equal ? this.#textKeys[built.at] : added.equal ? this.#addedKeys[added.at] : undefined;
    if (equal !== undefined) {
      this.#keys.set(text, equal);
      return equal;
    }
    if (this.#added.length >= MAX_ADDED) throw new SortKeysOutgrown(`More than ${MAX_ADDED} texts written since the column's sort keys were read.`);
    // The nearest keys below and above, among the build's and those placed since.
    const below = [this.#textKeys[built.at - 1], this.#addedKeys[added.at - 1]].filter((k): k is string => k !== undefined);
    const above = [this.#textKeys[built.at], this.#addedKeys[added.at]].filter((k): k is string => k !== undefined);
    const low = below.reduce((a, b) => (a > b ? a : b), '');
    const high = above.length === 0 ? null : above.reduce((a, b) => (a < b ? a : b));
    const key = keyBetween(low, high);
    this.#added.splice(added.at, 0, text);
    this.#addedKeys.splice(added.at, 0, key);
    this.#keys.set(text, key);
    return key;
  }

  /** True when so many texts were placed since the build that the column should be read again before the next statement. */
  get stale(): boolean {
    return this.#added.length > MAX_ADDED / 2;
  }
}

/**
 * `texts` in `collator`'s order, with equal neighbours marked, as the browser's grid sorts a text
 * column (src/core/table-model/sort.ts): the ASCII path when the collator's ASCII collation is
 * modelled and every text is ASCII (a million order numbers in half a second, where sorting with
 * the collator took seven), else `collationOrder` (an approximate order first, then the
 * collator's own sort, which decides).
 */
function collatorOrder(texts: readonly string[], collator: Intl.Collator): TextOrder {
  const ascii = asciiCollationOf(collator);
  if (ascii !== null) {
    const steps = asciiOrderSteps(texts, ascii);
    let step = steps.next();
    while (step.done !== true) step = steps.next();
    if (step.value !== null) return step.value;
  }
  return collationOrder(texts, collator);
}

/** The key of the `n`th text of a build: `n` in `width` digits of `DIGITS` (leading zeros), then `MIDDLE`; one flat string. */
function builtKey(n: number, width: number): string {
  const codes = new Array<number>(width + 1);
  codes[width] = MIDDLE.charCodeAt(0);
  for (let i = width - 1; i >= 0; i--) {
    codes[i] = DIGITS.charCodeAt(n % DIGITS.length);
    n = Math.floor(n / DIGITS.length);
  }
  return String.fromCharCode(...codes);
}

/**
 * The tables by number, for the registered function. Held weakly: a table lives as long as the
 * sources' database (`sharedKeys`), and one that is gone leaves nothing behind.
 */
const tables = new Map<number, WeakRef<SortKeyTable>>();
const forget = new FinalizationRegistry<number>((id) => {
  if (tables.get(id)?.deref() === undefined) tables.delete(id);
});
let nextTableId = 1;

function register(table: SortKeyTable): number {
  const id = nextTableId++;
  tables.set(id, new WeakRef(table));
  forget.register(table, id);
  return id;
}

/**
 * `grid_view_sort_key(table, value)`: the key of `value` in the sort-key table numbered `table`,
 * null for NULL (and for a blob). Throws for a table this process does not hold (a statement of
 * another process's source cannot be run here).
 */
export function sqliteSortKey(table: unknown, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const id = typeof table === 'bigint' ? Number(table) : table;
  const found = typeof id === 'number' ? tables.get(id)?.deref() : undefined;
  if (found === undefined) throw new DatabaseSetupError(`${SQLITE_SORT_KEY_FUNCTION}: no sort keys numbered ${String(table)} in this process.`);
  return found.keyOf(value);
}

// ---------------------------------------------------------------------------------------------
// The source's text order
// ---------------------------------------------------------------------------------------------

/** What a row source's text order needs. */
export interface TextCollationSettings {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the source reads one table by checked names.
  readonly db: Kysely<any>;
  readonly dialect: SqlDialectName;
  readonly table: string;
  /** The source's locale, as the browser's collator is made for it (`getCollator`). */
  readonly locale: string | undefined;
  /** ICU tag of that collator, from `collationTag`. */
  readonly tag: string;
}

/** What the sources over one database share: each column's sort keys (by table, column and locale), and reads of them under way. */
interface SharedKeys {
  readonly tables: Map<string, SortKeyTable>;
  readonly reading: Map<string, Promise<void>>;
}
/** By database (its Kysely instance): sources of one table, column and locale read and keep the keys once. */
const sharedKeys = new WeakMap<object, SharedKeys>();

/**
 * The order of one row source's text columns, the reader's language's: `run` a statement that
 * sorts by text (or compares with a remembered row's text) through it, and write a text's place in
 * that order with `sortSql`.
 */
export class TextCollation {
  readonly #settings: TextCollationSettings;
  /** PostgreSQL: the collation made sure of (null: not yet, or the last try failed). */
  #collation: Promise<void> | null = null;
  /** SQLite: the sort keys of the database's text columns, and reads of them under way (shared). */
  readonly #shared: SharedKeys;

  constructor(settings: TextCollationSettings) {
    this.#settings = settings;
    let shared = sharedKeys.get(settings.db);
    if (shared === undefined) {
      shared = { tables: new Map(), reading: new Map() };
      sharedKeys.set(settings.db, shared);
    }
    this.#shared = shared;
  }

  /** Which sort keys a column's are: its table's, its SQL name's and the locale's. */
  #idOf(column: SqlColumn): string {
    return `${this.#settings.table}\u0000${column.column}\u0000${this.#settings.tag}`;
  }

  /**
   * Runs `body` (which builds and runs the statements) once the order of `columns` (the text
   * columns of a sort) is available: on PostgreSQL the collation exists (asked once per source,
   * again after a failure); on SQLite each column's sort keys are read, the first time and when
   * many texts were placed since. A statement that met too many new texts (`SortKeysOutgrown`) is
   * run again, once, after the columns are read again.
   */
  async run<T>(columns: readonly SqlColumn[], body: () => Promise<T>): Promise<T> {
    const { db, dialect, tag } = this.#settings;
    if (columns.length === 0) return body();
    if (dialect === 'postgres') {
      this.#collation ??= ensurePostgresCollation(db, tag).catch((error: unknown) => {
        this.#collation = null;
        throw error;
      });
      await this.#collation;
      return body();
    }
    await Promise.all(columns.map((column) => this.#readKeys(column, false)));
    try {
      return await body();
    } catch (error) {
      if (!(error instanceof SortKeysOutgrown)) throw error;
      await Promise.all(columns.map((column) => this.#readKeys(column, true)));
      return body();
    }
  }

  /**
   * SQL whose order and equality are the collator's for the text `value` of `column` (the column
   * itself, or a parameter): `CAST(value AS text) COLLATE "grid_view_…"` on PostgreSQL, the key
   * from `grid_view_sort_key` on SQLite (within `run` for that column). NULL stays NULL.
   */
  sortSql(column: SqlColumn, value: RawBuilder<unknown> = sql`${sql.ref(column.column)}`): RawBuilder<unknown> {
    if (this.#settings.dialect === 'postgres') return sql`(CAST(${value} AS text) COLLATE ${sql.id(postgresCollationName(this.#settings.tag))})`;
    const table = this.#shared.tables.get(this.#idOf(column));
    if (table === undefined) throw new Error(`The sort keys of ${column.key} were not read before the statement.`);
    return sql`${sql.raw(SQLITE_SORT_KEY_FUNCTION)}(${sql.lit(table.id)}, ${value})`;
  }

  /** Reads a column's distinct values into its sort-key table: the first time, when stale, or when `again`. */
  #readKeys(column: SqlColumn, again: boolean): Promise<void> {
    const id = this.#idOf(column);
    const { tables, reading: reads } = this.#shared;
    const table = tables.get(id);
    if (table !== undefined && !table.stale && !again) return Promise.resolve();
    let reading = reads.get(id);
    if (reading === undefined) {
      reading = this.#settings.db
        .selectFrom(this.#settings.table)
        .select(sql`${sql.ref(column.column)}`.as('v'))
        .distinct()
        .execute()
        .then((rows: Record<string, unknown>[]) => {
          const values = rows.map((row) => row.v);
          const current = tables.get(id);
          // The same table (its number is in statements already built) with new keys: statements
          // run one at a time on SQLite's one connection, and each reads keys only while it runs.
          if (current === undefined) tables.set(id, new SortKeyTable(getCollator(this.#settings.locale), values));
          else current.rebuild(values);
        })
        .finally(() => reads.delete(id));
      reads.set(id, reading);
    }
    return reading;
  }
}
