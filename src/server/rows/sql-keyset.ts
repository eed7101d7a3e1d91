/**
 * Keyset paging of sorted blocks. A grid asks its blocks in order while the reader scrolls, and a
 * deep `OFFSET` makes the database produce (and, for a sorted filter, sort) every row before the
 * block only to throw it away. The row source remembers, per query, the sort key of the last row of
 * each block it answered; a later block that starts after a remembered row is read with a seek
 * (`WHERE` the sort key comes after that row's) and a small `OFFSET` from it, which gives exactly
 * the rows the deep `OFFSET` gives while the set is unchanged.
 *
 * The memory is a bound cache with the count cache's lifetime, safe to lose: a block with no
 * remembered row before it is read with `OFFSET` as ever, so several app servers behave as one.
 *
 * @module
 */
import { type AliasedRawBuilder, type RawBuilder, sql } from 'kysely';
import { canonicalJson } from '../../core/data-grid/filter-eval';
import type { RowSourceQuery, RowSourceSortItem } from '../../core/data-grid/types';
import type { SqlDialectName } from '../store/schema';
import type { TextCollation } from './sql-collation';
import { type SqlColumn, cellSql, refOf } from './sql-filter';
import { trimSql } from './sql-text';

/** How the keyset writes a text's place in the source's text order (`TextCollation.sortSql`). */
export type TextOrderSql = Pick<TextCollation, 'sortSql'>;

/** Queries remembered at once; the least recently used goes first. */
const QUERIES = 256;
/** Boundaries remembered per query (a grid's cache holds far fewer blocks); the oldest goes first. */
const BOUNDARIES_PER_QUERY = 128;

/** One sort level: a column, its direction. The tie-breaker is the last level, ascending. */
export interface SortLevel {
  column: SqlColumn;
  desc: boolean;
}

/** Where a block may start reading: after the row at `index`, whose sort key is `key` (one value per level). */
export interface Boundary {
  index: number;
  key: readonly unknown[];
}

/** The sort levels of a sort model, the tie-breaker last (as `ORDER BY` lists them). */
export function sortLevels(columns: ReadonlyMap<string, SqlColumn>, sortModel: readonly RowSourceSortItem[], tie: SqlColumn): SortLevel[] {
  const levels = sortModel.map((item) => ({ column: columns.get(item.colId) as SqlColumn, desc: item.sort === 'desc' }));
  levels.push({ column: tie, desc: false });
  return levels;
}

/** SQL of a cell "empty" as the sort sees it: NULL, or (text and dates) blank after trimming. */
export function emptySql(dialect: SqlDialectName, column: SqlColumn): RawBuilder<boolean> {
  const ref = refOf(column);
  return column.type === 'number' ? sql<boolean>`${ref} IS NULL` : sql<boolean>`(${ref} IS NULL OR ${trimSql(dialect, ref)} = '')`;
}

/** The expressions a block selects besides its cells to learn its last row's sort key (`k0`, `k1`, … in level order). */
export function keySelections(dialect: SqlDialectName, levels: readonly SortLevel[]): AliasedRawBuilder<unknown, string>[] {
  // Dates as PostgreSQL's text (a bare parameter then takes the column's type back exactly).
  return levels.map((level, i) => sql`${cellSql(dialect, level.column)}`.as(`k${i}`));
}

/**
 * The key of a fetched row, or null when it cannot serve as a boundary: an empty value (empty cells
 * sort last, in an order that differs between SQLite and PostgreSQL among themselves, so such a
 * row's successors are left to `OFFSET`), or a value of a type the driver gave that is not a plain
 * number or text.
 */
export function keyOf(record: Record<string, unknown>, levels: readonly SortLevel[]): unknown[] | null {
  const key: unknown[] = [];
  for (let i = 0; i < levels.length; i++) {
    const value = record[`k${i}`];
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return null;
    } else if (typeof value === 'string') {
      if (value.trim() === '') return null;
    } else if (typeof value !== 'bigint') return null;
    key.push(value);
  }
  return key;
}

/** `ORDER BY` term that puts a level's empty cells last: 0 for a value, 1 for an empty cell (an index can lead with it). */
export function emptyRankSql(dialect: SqlDialectName, column: SqlColumn): RawBuilder<number> {
  return sql<number>`CASE WHEN ${emptySql(dialect, column)} THEN 1 ELSE 0 END`;
}

/**
 * The part of the rows after a boundary that a seek reaches: those whose first level holds a value
 * (empty rank 0) at or past the boundary's, or null when the first level cannot seek (text on
 * SQLite, whose sort keys no index holds, or the tie-breaker alone, whose bare comparison in
 * `afterSql` already seeks). Text on PostgreSQL compares in the source's collation, which an index
 * on `(rank, (x COLLATE "grid_view_…"), …)` serves.
 *
 * `afterSql` alone is an OR over the levels, and neither SQLite nor PostgreSQL can start an index
 * walk from an OR: both walked the sort's index from its first entry (a million-row table, a block
 * late in an amount sort: 100–170 ms on SQLite, 1.3 s on PostgreSQL under a month's filter). ANDed
 * with it, `rank = 0 AND x >= value` (`<=` descending) is what an index on (rank, x, …) seeks to.
 * The rows it leaves out, empty cells of the first level, sort after all others: when the part
 * holds fewer rows than a block needs, the block goes on with them (`emptiesSql`).
 */
export function seekSql(dialect: SqlDialectName, levels: readonly SortLevel[], key: readonly unknown[], textOrder: TextOrderSql): RawBuilder<boolean> | null {
  const first = levels[0] as SortLevel;
  if (levels.length < 2 || (first.column.type === 'text' && dialect !== 'postgres')) return null;
  const op = sql.raw(first.desc ? '<=' : '>=');
  if (first.column.type === 'text') {
    return sql<boolean>`(${emptyRankSql(dialect, first.column)} = 0 AND ${textOrder.sortSql(first.column)} ${op} ${textOrder.sortSql(first.column, sql`${key[0]}`)})`;
  }
  return sql<boolean>`(${emptyRankSql(dialect, first.column)} = 0 AND ${refOf(first.column)} ${op} ${key[0]})`;
}

/** The rows whose first level is empty (empty rank 1), which sort after every row `seekSql` reaches. */
export function emptiesSql(dialect: SqlDialectName, levels: readonly SortLevel[]): RawBuilder<boolean> {
  return sql<boolean>`(${emptyRankSql(dialect, (levels[0] as SortLevel).column)} = 1)`;
}

/**
 * `WHERE` condition of the rows that sort strictly after a row with sort key `key`, in the order
 * `ORDER BY` gives them: per level, empty cells last in both directions, text in the source's text
 * order (`textOrder`: texts it calls equal are one value), the tie-breaker (the last level, unique
 * and never empty) last. Every value is a parameter; identifiers come from the checked columns.
 * `key` holds no empty value (`keyOf`).
 */
export function afterSql(dialect: SqlDialectName, levels: readonly SortLevel[], key: readonly unknown[], textOrder: TextOrderSql): RawBuilder<boolean> {
  const alternatives: RawBuilder<boolean>[] = [];
  const equal: RawBuilder<boolean>[] = [];
  levels.forEach((level, i) => {
    const ref = refOf(level.column);
    const value = key[i];
    const op = sql.raw(level.desc ? '<' : '>');
    let later: RawBuilder<boolean>;
    // The tie-breaker is never empty: a bare comparison, which an index (a rowid) serves as a range.
    if (i === levels.length - 1) later = sql<boolean>`${ref} ${op} ${value}`;
    else if (level.column.type === 'text') {
      later = sql<boolean>`(${emptySql(dialect, level.column)} OR ${textOrder.sortSql(level.column)} ${op} ${textOrder.sortSql(level.column, sql`${value}`)})`;
    } else {
      later = sql<boolean>`(${emptySql(dialect, level.column)} OR ${ref} ${op} ${value})`;
    }
    alternatives.push(equal.length === 0 ? later : sql<boolean>`(${sql.join([...equal, later], sql` AND `)})`);
    // Equal to a non-empty value: for text, equal in the text order (an empty cell equal to it
    // sorts after it anyway, so taking it in changes nothing).
    equal.push(level.column.type === 'text' ? sql<boolean>`${textOrder.sortSql(level.column)} = ${textOrder.sortSql(level.column, sql`${value}`)}` : sql<boolean>`${ref} = ${value}`);
  });
  return sql<boolean>`(${sql.join(alternatives, sql` OR `)})`;
}

/**
 * Remembered boundaries per query (filters, search and sort), each for `lifetimeMs`. Bounded:
 * `QUERIES` queries of `BOUNDARIES_PER_QUERY` boundaries.
 */
export function createBoundaryCache(lifetimeMs: number, now: () => number) {
  const queries = new Map<string, Map<number, { at: number; key: readonly unknown[] }>>();
  const keyOfQuery = (query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter' | 'sortModel'>) =>
    canonicalJson([query.filterModel ?? {}, query.quickFilter, query.sortModel.map((item) => [item.colId, item.sort])]);
  return {
    /** The nearest fresh boundary before row `start` (a row index below it), or null. */
    before(query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter' | 'sortModel'>, start: number): Boundary | null {
      if (lifetimeMs <= 0 || start <= 0) return null;
      const marks = queries.get(keyOfQuery(query));
      if (marks === undefined) return null;
      let best: Boundary | null = null;
      const time = now();
      for (const [index, mark] of marks) {
        if (time - mark.at >= lifetimeMs) marks.delete(index);
        else if (index < start && (best === null || index > best.index)) best = { index, key: mark.key };
      }
      return best;
    },
    /** Remembers that the row at `index` has sort key `key`. */
    remember(query: Pick<RowSourceQuery, 'filterModel' | 'quickFilter' | 'sortModel'>, index: number, key: readonly unknown[]): void {
      if (lifetimeMs <= 0) return;
      const id = keyOfQuery(query);
      let marks = queries.get(id);
      if (marks === undefined) marks = new Map();
      queries.delete(id);
      queries.set(id, marks);
      if (queries.size > QUERIES) queries.delete(queries.keys().next().value as string);
      marks.delete(index);
      marks.set(index, { at: now(), key });
      if (marks.size > BOUNDARIES_PER_QUERY) marks.delete(marks.keys().next().value as number);
    },
  };
}
