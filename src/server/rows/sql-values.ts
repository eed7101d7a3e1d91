/**
 * The values checklist of a SQL row source: a column's distinct values under the other filters,
 * the most frequent first, with the count of its empty cells.
 *
 * @module
 */
import { sql } from 'kysely';
import type { RowSourceValuesRequest, RowSourceValuesResult } from '../../core/data-grid/types';
import { normaliseSearchText } from '../../core/table-model/text-fold';
import { cellOut } from './sql-blocks';
import { type SqlColumn, refOf, valuesEmptySql, whereSql } from './sql-filter';
import type { SourceContext } from './sql-source-context';
import { escapeLike, foldSql, likeSql, trimSql } from './sql-text';

const DEFAULT_VALUES_LIMIT = 1000;

/**
 * The values of `column` for a checked request (`sql-request-checks.ts`): each trimmed text (a
 * number's own value) with its rows, at most `limit` (default 1,000) and whether more exist;
 * values matching `search` only (case- and accent-insensitive), when it is not blank.
 */
export async function readValues(ctx: SourceContext, request: RowSourceValuesRequest, column: SqlColumn): Promise<RowSourceValuesResult> {
  const { db, dialect, table } = ctx.settings;
  const search = request.search ?? '';
  const limit = request.limit ?? DEFAULT_VALUES_LIMIT;
  const ref = refOf(column);
  const value = column.type === 'number' ? ref : trimSql(dialect, ref);
  const folded = search.trim() === '' ? null : foldSql(dialect, value);
  return ctx.run(async () => {
    const [others, empty] = (await ctx.resolved((context) => [whereSql(context, request.filterModel, request.quickFilter, column.key), valuesEmptySql(context, column)] as const)).value;
    let query = db
      .selectFrom(table)
      .select([sql`${value}`.as('v'), sql<number | string>`COUNT(*)`.as('n')])
      .where(others)
      .where(sql<boolean>`(NOT ${empty})`);
    if (folded !== null) query = query.where(likeSql(folded, `%${escapeLike(normaliseSearch(search))}%`));
    // By position: PostgreSQL sees the same expression with its parameters numbered anew as
    // another expression, and would refuse the trimmed text in GROUP BY.
    const grouped = await query
      .groupBy(sql`1`)
      .orderBy(sql`2 DESC, 1 ASC`)
      .limit(limit + 1)
      .execute();
    const emptyCount = await db
      .selectFrom(table)
      .select(sql<number | string>`COUNT(*)`.as('n'))
      .where(others)
      .where(empty)
      .executeTakeFirstOrThrow();
    const values = grouped.slice(0, limit).map((record: Record<string, unknown>) => ({ value: valueText(column, record.v), count: Number(record.n) }));
    return { values, empty: Number(emptyCount.n), truncated: grouped.length > limit };
  });
}

/** The search of a values request in the fold's form (the cells' fold, applied in JavaScript to the parameter). */
function normaliseSearch(search: string): string {
  return normaliseSearchText(search.trim());
}

/** The checklist text of a grouped value: a number's own text, or the trimmed text. */
function valueText(column: SqlColumn, value: unknown): string {
  const out = cellOut(column, value);
  if (out === null || out === undefined) return '';
  return typeof out === 'string' ? out : String(out);
}
