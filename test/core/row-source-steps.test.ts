import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/core/types';
import { createLocalRowSource } from '../../src/core/data-grid/local-row-source';
import type { LocalRowSourceView } from '../../src/core/data-grid/local-row-source';
import type { IdleScheduler } from '../../src/core/table-model/idle';
import { warmupTasks } from '../../src/core/table-model/warmup';
import type { RowSourceQuery, RowSourceRequest } from '../../src/core/data-grid/types';
import { orderTableColumns, generateOrders } from '../e2e/fixtures/simple-table/rows';

const COLUMNS = orderTableColumns();
const ROW_COUNT = 20_000;
const BASE = generateOrders(ROW_COUNT) as unknown as Row[];

/** A scheduler whose background tasks run only when the test says so (each with a spent budget: one step). */
function manualScheduler() {
  const queue: { callback: () => void; cancelled: boolean }[] = [];
  const scheduler: IdleScheduler = {
    postTask(callback) {
      const task = { callback, cancelled: false };
      queue.push(task);
      return () => {
        task.cancelled = true;
      };
    },
    setTimeout: () => 0,
    clearTimeout: () => {},
  };
  return {
    scheduler,
    /** Tasks queued and not cancelled. */
    pending: () => queue.filter((t) => !t.cancelled).length,
    /** Runs queued tasks (and those they queue) until none is left; returns how many ran. */
    runAll(limit = 100_000): number {
      let ran = 0;
      while (queue.length > 0 && ran < limit) {
        const task = queue.shift()!;
        if (task.cancelled) continue;
        task.callback();
        ran++;
      }
      return ran;
    },
  };
}

const query = (parts: Partial<RowSourceQuery> = {}): RowSourceQuery => ({ sortModel: [], filterModel: null, quickFilter: '', ...parts });
const block = (q: RowSourceQuery, startRow: number, endRow: number): RowSourceRequest => ({ ...q, startRow, endRow });

/** Fresh rows (a new array: the table model's caches are per array, so they start cold) and the exact view of `q` over another copy. */
function setup(q: RowSourceQuery) {
  const rows = BASE.slice();
  const exact = createLocalRowSource(BASE.slice(), COLUMNS, { locale: 'en' }).view(q);
  const manual = manualScheduler();
  const source = createLocalRowSource(rows, COLUMNS, { locale: 'en', scheduler: manual.scheduler });
  const completed: { query: RowSourceQuery; view: LocalRowSourceView }[] = [];
  source.onComplete((doneQuery, view) => completed.push({ query: doneQuery, view }));
  return { rows, exact, manual, source, completed };
}

const expectedRows = (rows: readonly Row[], exact: LocalRowSourceView, start: number, end: number): Row[] =>
  Array.from(exact.indices.subarray(start, Math.min(end, exact.count)), (i) => rows[i] as Row);

describe('createLocalRowSource: a cold query answered in steps', () => {
  it('answers the first block of a cold quick search from the rows found so far, equal to the start of the exact result, with lastRow -1', () => {
    const q = query({ quickFilter: 'z' });
    const { rows, exact, manual, source, completed } = setup(q);
    expect(exact.count).toBeGreaterThan(1000);
    expect(exact.count).toBeLessThan(ROW_COUNT);
    const first = source.blockNow(block(q, 0, 100));
    expect(first.lastRow).toBe(-1);
    expect(first.rows).toEqual(expectedRows(rows, exact, 0, 100));
    const found = source.counting(q);
    expect(found).toBeGreaterThanOrEqual(100);
    expect(found).toBeLessThan(exact.count);
    expect(completed).toEqual([]);
    expect(manual.pending()).toBe(1);

    manual.runAll();
    expect(source.counting(q)).toBeNull();
    expect(completed).toHaveLength(1);
    expect(completed[0]!.query).toEqual(q);
    expect(completed[0]!.view.count).toBe(exact.count);
    expect(Array.from(completed[0]!.view.indices)).toEqual(Array.from(exact.indices));
    // Now exact: the count is known and every block is a slice of the same view.
    const again = source.blockNow(block(q, 0, 100));
    expect(again.lastRow).toBe(exact.count);
    expect(again.rows).toEqual(first.rows);
    expect(source.view(q)).toBe(completed[0]!.view);
  });

  it('answers a block beyond the rows found yet with the exact rows of that block, never short or wrong', () => {
    const q = query({ quickFilter: 'z' });
    const { rows, exact, source } = setup(q);
    source.blockNow(block(q, 0, 100));
    const before = source.counting(q)!;
    const start = Math.floor(exact.count / 2);
    const far = source.blockNow(block(q, start, start + 100));
    expect(far.rows).toEqual(expectedRows(rows, exact, start, start + 100));
    expect(far.rows).toHaveLength(100);
    // It drove the steps (it did not wait for the background) and the query is still being counted.
    expect(source.counting(q)).toBeGreaterThan(before);
    expect(far.lastRow).toBe(-1);
  });

  it('finishes at once when a block past the end of the result is asked for, with the exact count', () => {
    const q = query({ quickFilter: 'z' });
    const { rows, exact, manual, source, completed } = setup(q);
    source.blockNow(block(q, 0, 100));
    const tail = source.blockNow(block(q, exact.count - 50, exact.count + 50));
    expect(tail.lastRow).toBe(exact.count);
    expect(tail.rows).toEqual(expectedRows(rows, exact, exact.count - 50, exact.count + 50));
    expect(completed).toHaveLength(1);
    expect(manual.pending()).toBe(0);
  });

  it('lets a newer query supersede an unfinished one: its background work is cancelled and it never completes', () => {
    const a = query({ quickFilter: 'z' });
    const b = query({ quickFilter: 'k' });
    const { rows, manual, source, completed } = setup(a);
    expect(source.blockNow(block(a, 0, 100)).lastRow).toBe(-1);
    expect(manual.pending()).toBe(1);
    const second = source.blockNow(block(b, 0, 100));
    expect(source.counting(a)).toBeNull();
    const exactB = createLocalRowSource(BASE.slice(), COLUMNS, { locale: 'en' }).view(b);
    expect(second.rows).toEqual(expectedRows(rows, exactB, 0, 100));
    manual.runAll();
    expect(completed.map((c) => c.query.quickFilter)).toEqual(second.lastRow === -1 ? ['k'] : []);
    expect(source.view(b).count).toBe(exactB.count);
  });

  it('gives view(), rowsNow() and getRows() the exact complete result while the query is still being counted', async () => {
    const q = query({ quickFilter: 'z' });
    const { exact, manual, source, completed } = setup(q);
    source.blockNow(block(q, 0, 100));
    const promised = await source.getRows(block(q, 0, 100));
    expect(promised.lastRow).toBe(exact.count);
    expect(source.counting(q)).toBeNull();
    expect(completed).toHaveLength(1);
    expect(source.view(q).count).toBe(exact.count);
    expect(source.rowsNow(block(q, 0, 10)).lastRow).toBe(exact.count);
    expect(manual.pending()).toBe(0);
  });

  it('answers a cold number sort from its first rows with the count it knows (no filter: every row), then builds the order in the background', () => {
    const q = query({ sortModel: [{ colId: 'amount', sort: 'desc' }] });
    const { rows, exact, manual, source, completed } = setup(q);
    const first = source.blockNow(block(q, 0, 100));
    expect(source.counting(q)).not.toBeNull();
    expect(first.lastRow).toBe(ROW_COUNT);
    expect(first.rows).toEqual(expectedRows(rows, exact, 0, 100));
    manual.runAll();
    expect(completed).toHaveLength(1);
    expect(Array.from(completed[0]!.view.indices)).toEqual(Array.from(exact.indices));
    expect(source.blockNow(block(q, 0, 100)).lastRow).toBe(ROW_COUNT);
  });

  it('answers a cold sort of a searched set with that set\'s count while its order is still being built', () => {
    const q = query({ quickFilter: 'z' });
    const { rows, exact, manual, source } = setup(q);
    source.blockNow(block(q, 0, 100));
    manual.runAll();
    const sorted = query({ quickFilter: 'z', sortModel: [{ colId: 'amount', sort: 'asc' }] });
    const exactSorted = createLocalRowSource(BASE.slice(), COLUMNS, { locale: 'en' }).view(sorted);
    const first = source.blockNow(block(sorted, 0, 100));
    expect(first.lastRow).toBe(exact.count);
    expect(first.rows).toEqual(expectedRows(rows, exactSorted, 0, 100));
  });

  it('keeps the row set of a completed search for a later sort of the same rows (no second search)', () => {
    const q = query({ quickFilter: 'z' });
    const { source, manual } = setup(q);
    source.blockNow(block(q, 0, 100));
    manual.runAll();
    const sorted = source.view(query({ quickFilter: 'z', sortModel: [{ colId: 'id', sort: 'desc' }] }));
    expect(sorted.rowSet()).toBe(source.view(q).rowSet());
    expect(sorted.count).toBe(source.view(q).count);
  });

  it('answers exactly at once without a scheduler, with column filters other than a search, and with several sorted columns', () => {
    const rows = BASE.slice();
    const plain = createLocalRowSource(rows, COLUMNS, { locale: 'en' });
    const q = query({ quickFilter: 'z' });
    const exact = createLocalRowSource(BASE.slice(), COLUMNS, { locale: 'en' }).view(q);
    expect(plain.blockNow(block(q, 0, 100)).lastRow).toBe(exact.count);

    const manual = manualScheduler();
    const source = createLocalRowSource(BASE.slice(), COLUMNS, { locale: 'en', scheduler: manual.scheduler });
    const numbers = query({ quickFilter: 'z', filterModel: { qty: { filterType: 'number', type: 'greaterThan', filter: 3 } } });
    expect(source.blockNow(block(numbers, 0, 100)).lastRow).toBeGreaterThan(0);
    const two = query({ sortModel: [{ colId: 'city', sort: 'asc' }, { colId: 'amount', sort: 'desc' }] });
    expect(source.blockNow(block(two, 0, 100)).lastRow).toBe(ROW_COUNT);
    expect(manual.pending()).toBe(0);
  });

  it('answers a query at once when its caches are warm (one pass costs little)', () => {
    const q = query({ quickFilter: 'z' });
    const { rows, manual, source } = setup(q);
    // The background warm-up of a table: the whole search index of these rows.
    for (const task of warmupTasks(rows, COLUMNS, 'en', 'global')) while (task({ timeRemaining: () => 1000 }) === false);
    const other = query({ quickFilter: 'ko' });
    const exact = createLocalRowSource(BASE.slice(), COLUMNS, { locale: 'en' }).view(other);
    expect(source.blockNow(block(other, 0, 100)).lastRow).toBe(exact.count);
    expect(manual.pending()).toBe(0);
  });
});
