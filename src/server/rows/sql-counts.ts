/**
 * Counts of a SQL row source: the size of a filtered set for a block's `lastRow`, exact or capped
 * (`countLimit`), kept per filter and search for `countCacheMs`; and the table's row count, a
 * planning estimate (`sql-plans.ts`).
 *
 * @module
 */
import { sql } from 'kysely';
import { canonicalJson } from '../../core/data-grid/filter-eval';
import { COUNT_CACHE_SIZE, type FilterQuery, type SourceContext, TABLE_SIZE_CACHE_MS } from './sql-source-context';

/** A count of a filtered set: exact, or a lower bound (`countUpTo`). */
export interface Counted {
  rows: number;
  exact: boolean;
}

/** The count cache's key: the filters and the search (a sort does not change a count). */
export function countKey(query: FilterQuery): string {
  return canonicalJson([query.filterModel ?? {}, query.quickFilter]);
}

/**
 * The counts of one row source. The cache is per process and safe to lose: a count not found is
 * counted again.
 */
export class CountCache {
  readonly #ctx: SourceContext;
  /** Exact counts, and lower bounds of sets larger than a capped count reached (`exact: false`). */
  readonly #counts = new Map<string, { at: number; count: number; exact: boolean }>();
  #tableSize: { at: number; rows: number } | null = null;

  constructor(ctx: SourceContext) {
    this.#ctx = ctx;
  }

  /** The cached exact count of a query, when fresh. */
  cachedCount(query: FilterQuery): number | null {
    const cached = this.#counts.get(countKey(query));
    return cached !== undefined && cached.exact && this.#ctx.settings.now() - cached.at < this.#ctx.settings.countCacheMs ? cached.count : null;
  }

  /**
   * What is known of a query's size without counting, for a count up to `limit`: a fresh exact
   * count, or a fresh lower bound above `limit` (a set that ran past an earlier capped count, so
   * the blocks of one scroll do not count it again each), else null.
   */
  cachedCounted(query: FilterQuery, limit: number): Counted | null {
    const cached = this.#counts.get(countKey(query));
    if (cached === undefined || this.#ctx.settings.now() - cached.at >= this.#ctx.settings.countCacheMs) return null;
    if (cached.exact) return { rows: cached.count, exact: true };
    return cached.count > limit ? { rows: cached.count, exact: false } : null;
  }

  /**
   * Keeps a count of a query for `countCacheMs` (the oldest of `COUNT_CACHE_SIZE` goes first): an
   * exact one, or a lower bound (`exact: false`), which never replaces a fresh exact count.
   */
  remember(query: FilterQuery, counted: number, exact = true): void {
    if (this.#ctx.settings.countCacheMs <= 0) return;
    const key = countKey(query);
    if (!exact && this.cachedCount(query) !== null) return;
    this.#counts.delete(key);
    this.#counts.set(key, { at: this.#ctx.settings.now(), count: counted, exact });
    if (this.#counts.size > COUNT_CACHE_SIZE) this.#counts.delete(this.#counts.keys().next().value as string);
  }

  /** Drops the count of a query (one that a block just proved stale). */
  forget(query: FilterQuery): void {
    this.#counts.delete(countKey(query));
  }

  /** Rows of a query's set, exact, from the cache when fresh (then kept there). */
  count(query: FilterQuery): Promise<number> {
    const ctx = this.#ctx;
    return ctx.run(async () => {
      const cached = this.cachedCount(query);
      if (cached !== null) return cached;
      const result = await ctx.settings.db
        .selectFrom(ctx.settings.table)
        .select(sql<number | string | bigint>`COUNT(*)`.as('n'))
        .where(await ctx.where(query))
        .executeTakeFirstOrThrow();
      const counted = Number(result.n);
      this.remember(query, counted);
      return counted;
    });
  }

  /**
   * The rows of a query's set, counted up to `limit`: exact when cached or when the set holds at
   * most `limit` rows (then cached), else `limit + 1` and not exact (a lower bound). The count
   * stops after `limit + 1` matching rows, so a large set costs what `limit` rows cost.
   */
  countUpTo(query: FilterQuery, limit: number): Promise<Counted> {
    if (limit === Number.POSITIVE_INFINITY) return this.count(query).then((rows) => ({ rows, exact: true }));
    const ctx = this.#ctx;
    return ctx.run(async () => {
      const cached = this.cachedCounted(query, limit);
      if (cached !== null) return cached;
      const matching = ctx.settings.db
        .selectFrom(ctx.settings.table)
        .select(sql`1`.as('one'))
        .where(await ctx.where(query))
        .limit(limit + 1)
        .as('matching');
      const result = await ctx.settings.db.selectFrom(matching).select(sql<number | string | bigint>`COUNT(*)`.as('n')).executeTakeFirstOrThrow();
      const rows = Number(result.n);
      if (rows > limit) {
        this.remember(query, rows, false);
        return { rows, exact: false };
      }
      this.remember(query, rows);
      return { rows, exact: true };
    });
  }

  /** Rows in the table, reused for a minute: only a planning estimate (a stale one costs time, never a wrong answer). */
  async tableRows(): Promise<number> {
    const ctx = this.#ctx;
    if (this.#tableSize !== null && ctx.settings.now() - this.#tableSize.at < TABLE_SIZE_CACHE_MS) return this.#tableSize.rows;
    const result = await ctx.settings.db.selectFrom(ctx.settings.table).select(sql<number | string | bigint>`COUNT(*)`.as('n')).executeTakeFirstOrThrow();
    this.#tableSize = { at: ctx.settings.now(), rows: Number(result.n) };
    return this.#tableSize.rows;
  }
}
