/**
 * One SQLite connection under concurrent requests: better-sqlite3 answers synchronously, so the
 * row source lets the event loop turn before a request's statements run. A request that arrives
 * while another is being served waits for the next turn instead of joining the running one, and
 * callbacks already scheduled (a timer, the reading of a socket) run in between.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlRowSource, type SqlRowSource } from '../../src/server/rows/sql-row-source';
import { makeRows, SQL_COLUMNS, sqliteWith } from './sql-rows-fixture';

describe('a SQLite row source under concurrent requests', () => {
  let opened: Awaited<ReturnType<typeof sqliteWith>>;
  let source: SqlRowSource;
  const request = (startRow: number) => ({ startRow, endRow: startRow + 50, sortModel: [{ colId: 'amount', sort: 'desc' as const }], filterModel: null, quickFilter: '' });

  beforeAll(async () => {
    opened = await sqliteWith(makeRows(2_000, 5));
    source = createSqlRowSource({ db: opened.db, table: 'orders', columns: SQL_COLUMNS, tieBreaker: 'id' });
    await source.getRows(request(0));
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('serves a request that comes while another is served after the callbacks scheduled before it, not in the same turn', async () => {
    const order: string[] = [];
    const first = source.getRows(request(0)).then(() => order.push('first'));
    // Scheduled while the first request waits: stands for a socket read or a timer.
    setImmediate(() => order.push('scheduled'));
    // The second request arrives from a microtask of the turn serving the first.
    const second = Promise.resolve().then(() => source.getRows(request(50)).then(() => order.push('second')));
    await Promise.all([first, second]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toHaveLength(3);
    // The callback scheduled before the second request came runs before it is served.
    expect(order.indexOf('scheduled')).toBeLessThan(order.indexOf('second'));
    expect(order.indexOf('first')).toBeLessThan(order.indexOf('second'));
  });

  it('answers every one of many concurrent requests, in the order they came', async () => {
    const done: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, i) => source.getRows(request(i * 50)).then((result) => {
      expect(result.rows).toHaveLength(50);
      done.push(i);
    })));
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
