/**
 * Block reading of a SQL row source: one block of a checked request, read from the start of its set
 * with `OFFSET`, or from a remembered row with a seek (keyset paging, `sql-keyset.ts`), with the
 * statement `sql-plans.ts` chooses, and its `lastRow` from the counts (`sql-counts.ts`).
 *
 * @module
 */
import { type RawBuilder, sql } from 'kysely';
import type { RowSourceRequest, RowSourceResult, RowSourceSortItem } from '../../core/data-grid/types';
import type { Row } from '../../core/types';
import type { CountCache, Counted } from './sql-counts';
import { type SqlColumn, cellSql, refOf } from './sql-filter';
import { type Boundary, type createBoundaryCache, afterSql, emptiesSql, emptyRankSql, keyOf, keySelections, seekSql, sortLevels } from './sql-keyset';
import type { BuildBlock, PlanProbe } from './sql-plans';
import type { SourceContext } from './sql-source-context';

/** What reading a block needs of its row source. */
export interface BlockSource {
  readonly ctx: SourceContext;
  readonly counts: CountCache;
  readonly plans: PlanProbe;
  /** The sort keys of the last rows of answered blocks (`createBoundaryCache`). */
  readonly boundaries: ReturnType<typeof createBoundaryCache>;
}

/**
 * Where a block reads from: the start of the set, after a remembered row, or the first sort
 * level's empty cells alone (`rows` of them from `offset`: the rest of a block whose seek reached
 * the end of the level's values).
 */
type ReadFrom = { kind: 'start' } | { kind: 'after'; boundary: Boundary } | { kind: 'empties'; rows: number; offset: number };

/**
 * One block of `request` (checked: `sql-request-checks.ts`) with the `selected` columns. `lastRow`
 * is exact when the block ends the set, else the set's count up to `countLimit` (`-1` past it).
 */
export async function readBlock(source: BlockSource, request: RowSourceRequest, selected: readonly SqlColumn[]): Promise<RowSourceResult<Row>> {
  const { ctx, counts, plans, boundaries } = source;
  const { db, dialect, table, countCacheMs, countLimit } = ctx.settings;
  const start = request.startRow;
  const size = Math.min(ctx.settings.maxBlock, request.endRow - start);
  // PostgreSQL counts (up to countLimit) on another connection of the pool while the block is
  // read; SQLite has one connection, and counts first only when the plan of a sorted block
  // depends on it.
  let counting: Promise<Counted> | null = null;
  if (dialect === 'postgres' && counts.cachedCounted(request, countLimit) === null) {
    counting = counts.countUpTo(request, countLimit);
    counting.catch(() => undefined);
  }
  let known: Counted | null = null;
  // Keyset paging (sql-keyset.ts): the sort key of the last row of each block answered is kept for
  // countCacheMs, and a later block reads from the nearest such row with a seek and a small OFFSET
  // instead of producing (and, for a filtered sort, sorting) every row before it.
  const levels = countCacheMs > 0 ? sortLevels(ctx.settings.columns, request.sortModel, ctx.settings.tie) : null;
  // Text sorts in the reader's order (sql-collation.ts): the collation or the sort keys must be
  // there before the statements are built and run.
  const texts = request.sortModel.map((item) => ctx.settings.columns.get(item.colId) as SqlColumn).filter((column) => column.type === 'text');
  const { textOrder } = ctx;
  const readFrom = async (from: ReadFrom) => {
    const seek = from.kind === 'after' && levels !== null ? seekSql(dialect, levels, from.boundary.key, textOrder) : null;
    let after: RawBuilder<boolean>[] = [];
    if (from.kind === 'after' && levels !== null) after = [...(seek === null ? [] : [seek]), afterSql(dialect, levels, from.boundary.key, textOrder)];
    else if (from.kind === 'empties' && levels !== null) after = [emptiesSql(dialect, levels)];
    const limit = from.kind === 'empties' ? from.rows : size + 1;
    const offset = from.kind === 'start' ? start : from.kind === 'after' ? start - from.boundary.index - 1 : from.offset;
    const build: BuildBlock = (condition, lead, fenced = false) => {
      const kept = after.length === 0 ? condition : sql<boolean>`${sql.join([condition, ...after], sql` AND `)}`;
      // Fenced: the matching rows in a subquery the planner cannot merge (OFFSET 0), read through
      // the filter's own index, then sorted; named as the table, so column references still hold.
      const selectFrom = fenced ? db.selectFrom(db.selectFrom(table).selectAll().where(kept).offset(0).as(table)) : db.selectFrom(table);
      return selectFrom
        .select([...selected.map((column, i) => sql`${cellSql(dialect, column)}`.as(`c${i}`)), ...(levels === null ? [] : keySelections(dialect, levels))])
        .where(fenced ? sql<boolean>`TRUE` : kept)
        .orderBy(orderBy(ctx, request.sortModel, lead))
        // One row more than asked: whether it comes says if this is the last block.
        .limit(limit)
        .offset(offset);
    };
    const { query, counted } = await plans.blockQuery(request, build, start + size + 1);
    known = counted ?? known;
    const found = (await db.executeQuery<Record<string, unknown>>(query.compile())).rows;
    if (seek === null || found.length > size) return { found, emptiesFrom: null };
    // The seek reached the end of the first level's values; the block goes on into its empty
    // cells, which sort after them: from the first, when the seek found rows, else past as
    // many as the block starts after the last value (the values passed over, counted).
    if (found.length > 0) return { found, emptiesFrom: 0 };
    const kept = sql<boolean>`${sql.join([(await ctx.whereOf(request)).value, ...after], sql` AND `)}`;
    const passed = db.selectFrom(table).select(sql`1`.as('one')).where(kept).limit(offset).as('passed');
    const values = await db.selectFrom(passed).select(sql<number | string | bigint>`COUNT(*)`.as('n')).executeTakeFirstOrThrow();
    return { found, emptiesFrom: offset - Number(values.n) };
  };
  const read = (from: ReadFrom) => ctx.run(() => textOrder.run(texts, () => readFrom(from)));
  const boundary = levels === null ? null : boundaries.before(request, start);
  const first = await read(boundary === null ? { kind: 'start' } : { kind: 'after', boundary });
  let fetched = first.found;
  if (first.emptiesFrom !== null) fetched = [...fetched, ...(await read({ kind: 'empties', rows: size + 1 - fetched.length, offset: first.emptiesFrom })).found];
  const more = fetched.length > size;
  if (levels !== null && fetched.length > 0) {
    const lastIndex = Math.min(fetched.length, size) - 1;
    const key = keyOf(fetched[lastIndex] as Record<string, unknown>, levels);
    if (key !== null) boundaries.remember(request, start + lastIndex, key);
  }
  const rows = (more ? fetched.slice(0, size) : fetched).map((record: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    selected.forEach((column, i) => {
      row[column.key] = cellOut(column, record[`c${i}`]);
    });
    return row;
  });
  if (!more) {
    // Not needed, but finished before answering: no statement of a request outlives it (and
    // holds a pooled connection) after its answer.
    await counting?.catch(() => undefined);
    // A block that ends the set says exactly where; one wholly past the end (a grid scrolled
    // while rows were deleted) does not know where the set ends, so it counts.
    if (rows.length > 0 || start === 0) return { rows, lastRow: start + rows.length };
    counts.forget(request);
    return { rows, lastRow: await counts.count(request) };
  }
  const counted = known ?? (await (counting ?? counts.countUpTo(request, countLimit)));
  // More rows than countLimit and no exact count yet: unknown, until /aggregate counts the set.
  if (!counted.exact) return { rows, lastRow: -1 };
  let total = counted.rows;
  // A cached count from before rows were added may end inside what we just read: count again.
  if (total <= start + size) {
    counts.forget(request);
    total = await counts.count(request);
  }
  return { rows, lastRow: Math.max(total, start + size + 1) };
}

/** A cell as answered: numbers as JavaScript numbers on both databases (`pg` gives `numeric` and `bigint` as strings). */
export function cellOut(column: SqlColumn, value: unknown): unknown {
  if (column.type === 'number' && (typeof value === 'string' || typeof value === 'bigint')) {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value === undefined ? null : value;
}

/**
 * ORDER BY of a sort, the tie-breaker last; `lead` first (a column the filter keeps at one value,
 * which orders nothing). Text in the reader's order (`ctx.textOrder`: "apple" and "Apple" together,
 * "Item 2" before "Item 10", Ukrainian letters in the alphabet's order); texts it calls equal are
 * left to the tie-breaker, as the browser keeps their order.
 */
function orderBy(ctx: SourceContext, sortModel: readonly RowSourceSortItem[], lead?: SqlColumn): RawBuilder<unknown> {
  const { dialect } = ctx.settings;
  const parts: RawBuilder<unknown>[] = lead === undefined ? [] : [refOf(lead)];
  for (const item of sortModel) {
    const column = ctx.settings.columns.get(item.colId) as SqlColumn;
    const dir = sql.raw(item.sort === 'desc' ? 'DESC' : 'ASC');
    // Empty cells last in both directions, as the core sorts.
    parts.push(emptyRankSql(dialect, column));
    parts.push(sql`${column.type === 'text' ? ctx.textOrder.sortSql(column) : refOf(column)} ${dir}`);
  }
  parts.push(sql`${refOf(ctx.settings.tie)} ASC`);
  return sql.join(parts);
}
