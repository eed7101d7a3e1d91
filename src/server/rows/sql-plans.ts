/**
 * Plan probing of a SQL row source: which of several statements that give the same rows the
 * database reads fastest, asked of the database's own planner (`EXPLAIN`) and remembered. Every
 * choice here changes how long a block takes, never which rows it holds.
 *
 * @module
 */
import { type Compilable, CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { RowSourceRequest } from '../../core/data-grid/types';
import { type CountCache, type Counted, countKey } from './sql-counts';
import { type SqlColumn, refOf, singleValueColumns } from './sql-filter';
import { COUNT_CACHE_SIZE, type FilterQuery, type Resolved, type SourceContext, TABLE_SIZE_CACHE_MS } from './sql-source-context';

/**
 * Builds a block's statement for a WHERE condition: `lead` first in ORDER BY (see `oneValueQuery`),
 * `fenced` to read the matching rows before sorting them (see `indexedAndSmall`).
 */
export type BuildBlock = (condition: RawBuilder<boolean>, lead?: SqlColumn, fenced?: boolean) => Compilable<unknown>;

/** A block's statement, and the count its planning needed (the one `lastRow` needs anyway), if any. */
export interface PlannedBlock {
  query: Compilable<unknown>;
  counted: Counted | null;
}

/** Most rows the planner may expect of a filter for an unsorted block to sort them (`indexedAndSmall`). */
const FENCE_ROWS = 100_000;

/** True when a query filters or searches (a set smaller than the table). */
function isFiltered(query: FilterQuery): boolean {
  return Object.keys(query.filterModel ?? {}).length > 0 || query.quickFilter.trim() !== '';
}

/** The plan choices of one row source, each remembered (bounded) so that a scroll asks once. */
export class PlanProbe {
  readonly #ctx: SourceContext;
  readonly #counts: CountCache;
  readonly #walks = new Map<string, Promise<boolean>>();
  readonly #fences = new Map<string, { at: number; fenced: boolean }>();
  readonly #sortingPlans = new Map<string, { at: number; sorts: boolean }>();

  constructor(ctx: SourceContext, counts: CountCache) {
    this.#ctx = ctx;
    this.#counts = counts;
  }

  /**
   * Whether SQLite reads `column` in value order through an index (its plan of `ORDER BY x`), asked
   * once per column: a median over the whole table then walks half the index instead of sorting.
   */
  walksIndex(column: SqlColumn): Promise<boolean> {
    let known = this.#walks.get(column.key);
    if (known === undefined) {
      const ref = refOf(column);
      known = sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT ${ref} FROM ${sql.table(this.#ctx.settings.table)} WHERE ${ref} IS NOT NULL ORDER BY ${ref} LIMIT 1`
        .execute(this.#ctx.settings.db)
        .then((plan) => plan.rows.some((step) => /\bINDEX\b/.test(step.detail)) && !plan.rows.some((step) => /TEMP B-TREE/.test(step.detail)));
      this.#walks.set(column.key, known);
      known.catch(() => this.#walks.delete(column.key));
    }
    return known;
  }

  /**
   * The block query: its condition, and on SQLite the plan it leads to. Shown a list of a
   * categorical column's values, SQLite's planner takes that column's index and then sorts every
   * matching row, even when walking the sort's own index would find the first block in a few hundred
   * rows. When its plan sorts, and the filter keeps so many rows that a walk meets the block early
   * (about (startRow + size) × table rows / matching rows row reads, against the matching rows
   * plus their sort), the lists are written `+x IN (…)`, which keeps the planner off those indexes.
   * A sort an index serves already (one on the filter's column and then the sort's) is left alone.
   * The count this needs is the one `lastRow` needs anyway.
   */
  async blockQuery(request: RowSourceRequest, build: BuildBlock, end: number): Promise<PlannedBlock> {
    const plain = await this.#ctx.whereOf(request);
    const query = build(plain.value);
    if (this.#ctx.settings.dialect === 'postgres') {
      if (request.sortModel.length > 0) return { query: plain.listed ? await this.#oneValueQuery(request, build, plain, query) : query, counted: null };
      return { query: isFiltered(request) && (await this.#indexedAndSmall(request, plain.value)) ? build(plain.value, undefined, true) : query, counted: null };
    }
    if (request.sortModel.length === 0 || !plain.listed) return { query, counted: null };
    // A walk pays when matching² > end × table rows: counting up to √(end × table rows) decides it,
    // and as far as lastRow needs (countLimit) the same count serves that too.
    const enough = Math.floor(Math.sqrt(end * (await this.#counts.tableRows()))) + 1;
    const counted = await this.#counts.countUpTo(request, Math.max(enough, this.#ctx.settings.countLimit));
    if ((counted.exact && counted.rows < enough) || !(await this.#planSorts(query))) return { query, counted };
    return { query: build(plain.again({ walkSortIndex: true })), counted };
  }

  /**
   * PostgreSQL's plan of a statement (`EXPLAIN (FORMAT JSON)`, its root node), or undefined, also
   * when the database cannot say (a PostgreSQL-compatible one without that EXPLAIN form): the plan
   * only chooses between statements that give the same rows, and a fault of the database shows in
   * the statement that follows.
   */
  async #postgresPlan(query: Compilable<unknown>): Promise<unknown> {
    const compiled = query.compile();
    try {
      const plan = await this.#ctx.settings.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]));
      return (plan.rows[0]?.['QUERY PLAN'] as { Plan?: unknown }[] | undefined)?.[0]?.Plan;
    } catch {
      return undefined;
    }
  }

  /**
   * PostgreSQL, an unsorted filtered block (ordered by the tie-breaker alone): whether to read the
   * matching rows through the filter's index and sort them (a fenced subquery) instead of walking
   * the tie-breaker's index. The planner assumes the matching rows are spread evenly along that
   * index, so it walks it expecting to meet a block early; rows stored in the order of the filtered
   * column (a month of sales stored by date) sit at one end of it, and the walk reads most of the
   * table first (0.8 s for a month of a million rows). Asked of the planner itself: its plan of the
   * filter alone must use an index and expect at most `FENCE_ROWS` rows, so the sort stays small
   * and a filter no index serves (a search inside texts) is never turned into a full scan.
   */
  async #indexedAndSmall(query: FilterQuery, condition: RawBuilder<boolean>): Promise<boolean> {
    const ctx = this.#ctx;
    // Asked once per filter while its count would be reused: the blocks of one scroll share it.
    const key = countKey(query);
    const known = this.#fences.get(key);
    if (known !== undefined && ctx.settings.now() - known.at < ctx.settings.countCacheMs) return known.fenced;
    const root = (await this.#postgresPlan(ctx.settings.db.selectFrom(ctx.settings.table).select(sql`1`.as('one')).where(condition))) as { 'Plan Rows'?: number } | undefined;
    const text = JSON.stringify(root ?? null);
    const fenced = root !== undefined && !/"Node Type":\s*"Seq Scan"/.test(text) && /"Node Type":\s*"(Bitmap Index|Index|Index Only) Scan"/.test(text) && (root['Plan Rows'] ?? Infinity) <= FENCE_ROWS;
    if (ctx.settings.countCacheMs > 0) {
      this.#fences.delete(key);
      this.#fences.set(key, { at: ctx.settings.now(), fenced });
      if (this.#fences.size > COUNT_CACHE_SIZE) this.#fences.delete(this.#fences.keys().next().value as string);
    }
    return fenced;
  }

  /**
   * Plans that sort (SQLite: a temporary b-tree; PostgreSQL: a Sort node), by statement text
   * (bounded), asked again after a minute so that an index created meanwhile is used.
   */
  async #planSorts(query: Compilable<unknown>): Promise<boolean> {
    const ctx = this.#ctx;
    const compiled = query.compile();
    const known = this.#sortingPlans.get(compiled.sql);
    let sorts = known !== undefined && ctx.settings.now() - known.at < TABLE_SIZE_CACHE_MS ? known.sorts : undefined;
    if (sorts === undefined) {
      if (ctx.settings.dialect === 'postgres') {
        // No plan (the database cannot say): assume it sorts, which keeps the plain statement.
        const root = await this.#postgresPlan(query);
        sorts = root === undefined || /"Node Type":\s*"(Incremental )?Sort"/.test(JSON.stringify(root));
      } else {
        const plan = await ctx.settings.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
        sorts = plan.rows.some((step) => /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(step.detail));
      }
      this.#sortingPlans.delete(compiled.sql);
      this.#sortingPlans.set(compiled.sql, { at: ctx.settings.now(), sorts });
      if (this.#sortingPlans.size > COUNT_CACHE_SIZE) this.#sortingPlans.delete(this.#sortingPlans.keys().next().value as string);
    }
    return sorts;
  }

  /**
   * PostgreSQL's block query when the filter keeps one value of a categorical column (a product
   * picked in the checklist, a search word that names one). The planner assumes that value's rows
   * are spread evenly over the sort's order and often walks the sort's index, which reads most of
   * the table when they sit at its far end (cheap products in an amount sort: seconds). Written
   * with that column first in ORDER BY (it orders nothing: every row has the one value) and the
   * value as `x IN (v, v)` (else the planner drops the column from ORDER BY as a constant), the
   * walk cannot give the order, and an index on (x, sort…) gives exactly the block. Used when the
   * plan of that form needs no sort (such an index exists), asked once per statement text.
   */
  async #oneValueQuery(request: RowSourceRequest, build: BuildBlock, condition: Resolved<RawBuilder<boolean>>, query: Compilable<unknown>): Promise<Compilable<unknown>> {
    const lead = singleValueColumns(condition.value).find((column) => !request.sortModel.some((item) => item.colId === column.key));
    if (lead === undefined) return query;
    const variant = build(condition.again({ singleValueAsList: true }), lead);
    return (await this.#planSorts(variant)) ? query : variant;
  }
}
