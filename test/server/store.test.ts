/**
 * The same preference-store suite on MemoryPrefs, a SQLite file and a real PostgreSQL 15 server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryPrefs } from '../../src/host/index';
import type { PreferencesStore } from '../../src/host/types';
import type { ColumnPreset } from '../../src/core/types';
import { createGridViewHandler } from '../../src/server/handler';
import { createSqlPreferencesStore, type SqlPreferencesStore } from '../../src/server/store/sql-store';
import { as, expectError, get, headerSubject, jsonOf, postJson } from './helpers';
import { createTestSchema, ensurePostgres, SKIP_PG } from './pg-setup';

const pgState = await ensurePostgres();
const tempDir = mkdtempSync(join(tmpdir(), 'gv-store-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(tempDir, { recursive: true, force: true });
});

interface Backend {
  store: PreferencesStore;
  /** Rows stored for a (subject, grid) pair, counted in the database itself. */
  rows(subject: string, gridId: string): Promise<number>;
}

let sqliteCount = 0;
async function sqliteBackend(): Promise<Backend> {
  const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: join(tempDir, `prefs-${sqliteCount++}.db`), migrate: true });
  cleanups.push(() => store.close());
  return { store, rows: (s, g) => countRows(store, s, g) };
}

async function postgresBackend(): Promise<Backend> {
  if (!pgState.available) throw new Error(pgState.reason);
  const schema = await createTestSchema(pgState.url);
  const store = createSqlPreferencesStore({ dialect: 'postgres', connectionString: schema.url, migrate: true, pool: { max: 10 } });
  cleanups.push(async () => {
    await store.close();
    await schema.drop();
  });
  return { store, rows: (s, g) => countRows(store, s, g) };
}

async function memoryBackend(): Promise<Backend> {
  const store = new MemoryPrefs();
  return { store, rows: async (s, g) => ((await store.get(s, g)).updatedAt === null ? 0 : 1) };
}

async function countRows(store: SqlPreferencesStore, subject: string, gridId: string): Promise<number> {
  const row = await store.db
    .selectFrom('grid_preference')
    .select(sql<number>`count(*)`.as('n'))
    .where('subject', '=', subject)
    .where('grid_id', '=', gridId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const compact: Record<string, ColumnPreset> = { Compact: { columns: [{ colId: 'name', width: 120, pinned: 'left' }, { colId: 'total', hide: true, sort: 'desc', sortIndex: 0 }] } };

const backends: [string, () => Promise<Backend>, boolean][] = [
  ['MemoryPrefs', memoryBackend, true],
  ['SQLite file', sqliteBackend, true],
  ['PostgreSQL 15', postgresBackend, pgState.available],
];

if (!pgState.available && !SKIP_PG) {
  describe('PostgreSQL 15', () => {
    it('is available for the store suite (set GRID_VIEW_SKIP_PG=1 to skip knowingly)', () => {
      throw new Error(`PostgreSQL is not available: ${pgState.reason}`);
    });
  });
}

describe.each(backends)('preference store on %s', (name, make, available) => {
  const run = available ? it : it.skip;
  if (!available) it.skip(`skipped: PostgreSQL unavailable (${pgState.available ? '' : pgState.reason})`, () => undefined);

  run('returns empty preferences with updatedAt null when nothing is stored', async () => {
    const { store, rows } = await make();
    expect(await store.get('alice', 'orders')).toEqual({ colPresets: {}, searches: [], updatedAt: null });
    expect(await rows('alice', 'orders')).toBe(0);
  });

  run('stores and reads back presets and searches with an ISO updatedAt', async () => {
    const { store } = await make();
    const saved = await store.save('alice', 'orders', { colPresets: compact, searches: ['north', 'Київ'] });
    expect(saved).toMatchObject({ colPresets: compact, searches: ['north', 'Київ'] });
    expect(saved.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await store.get('alice', 'orders')).toEqual(saved);
  });

  run('keeps the fields a patch leaves out', async () => {
    const { store } = await make();
    await store.save('alice', 'orders', { colPresets: compact, searches: ['a'] });
    expect(await store.save('alice', 'orders', { searches: ['b'] })).toMatchObject({ colPresets: compact, searches: ['b'] });
    expect(await store.save('alice', 'orders', { colPresets: {} })).toMatchObject({ colPresets: {}, searches: ['b'] });
    const touched = await store.save('alice', 'orders', {});
    expect(touched).toMatchObject({ colPresets: {}, searches: ['b'] });
    expect(await store.get('alice', 'orders')).toMatchObject({ colPresets: {}, searches: ['b'] });
  });

  run('keeps users and grids apart', async () => {
    const { store } = await make();
    await store.save('alice', 'orders', { searches: ['alice-orders'] });
    await store.save('bob', 'orders', { searches: ['bob-orders'] });
    await store.save('alice', 'invoices', { searches: ['alice-invoices'] });
    expect((await store.get('alice', 'orders')).searches).toEqual(['alice-orders']);
    expect((await store.get('bob', 'orders')).searches).toEqual(['bob-orders']);
    expect((await store.get('alice', 'invoices')).searches).toEqual(['alice-invoices']);
    expect((await store.get('bob', 'invoices')).updatedAt).toBeNull();
  });

  run('handles subjects with any characters (unicode, quotes, separators)', async () => {
    const { store } = await make();
    const subjects = ["o'brien", 'user:1', 'Ірина', 'a"b', 'x'.repeat(500)];
    for (const subject of subjects) await store.save(subject, 'g', { searches: [subject] });
    for (const subject of subjects) expect((await store.get(subject, 'g')).searches).toEqual([subject]);
  });

  run('leaves exactly one row holding one of the values after 200 concurrent saves', async () => {
    const { store, rows } = await make();
    const values = Array.from({ length: 200 }, (_, i) => [`search-${i}`]);
    const results = await Promise.allSettled(values.map((searches, i) => store.save('racer', 'orders', i % 2 ? { searches } : { searches, colPresets: compact })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await rows('racer', 'orders')).toBe(1);
    const final = await store.get('racer', 'orders');
    expect(values).toContainEqual(final.searches);
    expect(final.colPresets).toEqual(compact);
  });

  run('serves 200 concurrent HTTP saves for one user and grid without error or duplicate', async () => {
    const { store, rows } = await make();
    const handler = createGridViewHandler({ store, subject: headerSubject });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => handler(postJson('/grid/preferences/', { grid_id: 'shared', searches: [`v${i}`] }, as('racer')))),
    );
    expect(responses.map((r) => r?.status).filter((s) => s !== 200)).toEqual([]);
    expect(await rows('racer', 'shared')).toBe(1);
    const { body } = await jsonOf(await handler(get('/grid/preferences/?grid_id=shared', as('racer'))));
    expect(Array.from({ length: 200 }, (_, i) => [`v${i}`])).toContainEqual(body.searches);
  });

  // PostgreSQL's jsonb and text refuse U+0000 and lone surrogates (it answered 503 and clients retried
  // forever); SQLite stored them, or silently turned a lone surrogate into U+FFFD. Every store must
  // refuse them the same way, before the database sees them.
  const unstorable: [string, string][] = [
    ['U+0000', 'a\u0000b'],
    ['a lone high surrogate', 'x\uD800'],
    ['a lone low surrogate', '\uDC00x'],
    ['reversed surrogates', '\uDC00\uD800'],
  ];

  run.each(unstorable)('answers 400 invalid_prefs for a search or preset name holding %s and stores nothing', async (_what, text) => {
    const { store, rows } = await make();
    await store.get('alice', 'orders'); // migrated, so rows() can count
    const handler = createGridViewHandler({ store, subject: headerSubject, onError: () => undefined });
    const bodies = [
      { grid_id: 'orders', searches: ['ok', text] },
      { grid_id: 'orders', colPresets: { [text]: { columns: [] } } },
      { grid_id: 'orders', colPresets: { Main: { columns: [{ colId: text }] } } },
    ];
    for (const body of bodies) {
      const { body: answer } = await expectError(await handler(postJson('/grid/preferences/', body, as('alice'))), 400, /U\+0000|surrogate/, 'invalid_prefs');
      expect(answer.message).not.toContain(text);
    }
    expect(await rows('alice', 'orders')).toBe(0);
    // The same store still works: nothing was left broken by the refused input.
    const ok = await handler(postJson('/grid/preferences/', { grid_id: 'orders', searches: ['Київ 😀'] }, as('alice')));
    expect((await jsonOf(ok)).body.searches).toEqual(['Київ 😀']);
  });

  run.each(unstorable)('answers 400 invalid_subject when the caller\'s subject holds %s, and reads nothing', async (_what, text) => {
    const { store, rows } = await make();
    await store.get('user', 'orders');
    const handler = createGridViewHandler({ store, subject: () => `user${text}`, onError: () => undefined });
    await expectError(await handler(postJson('/grid/preferences/', { grid_id: 'orders', searches: ['s'] })), 400, /subject/, 'invalid_subject');
    await expectError(await handler(get('/grid/preferences/?grid_id=orders')), 400, /subject/, 'invalid_subject');
    expect(await rows('user', 'orders')).toBe(0);
  });

  run('refuses unstorable text in the store itself too, whoever calls it', async () => {
    const { store, rows } = await make();
    await store.get('alice', 'orders');
    await expect(store.save('alice', 'orders', { searches: ['a\u0000'] })).rejects.toThrow(/U\+0000/);
    await expect(store.save('alice', 'orders', { colPresets: { '\uD800': { columns: [] } } })).rejects.toThrow(/surrogate/);
    await expect(store.save('al\u0000ice', 'orders', { searches: [] })).rejects.toThrow(/subject/);
    await expect(store.get('\uDFFFx', 'orders')).rejects.toThrow(/subject/);
    expect(await rows('alice', 'orders')).toBe(0);
  });

  if (name !== 'MemoryPrefs') {
    run('refuses invalid input with a TypeError and writes nothing', async () => {
      const { store, rows } = await make();
      await store.get('alice', 'orders');
      await expect(store.save('alice', 'Bad Id', { searches: [] })).rejects.toThrow(TypeError);
      await expect(store.save('', 'orders', { searches: [] })).rejects.toThrow(TypeError);
      await expect(store.save('alice', 'orders', { searches: [1] } as never)).rejects.toThrow(TypeError);
      await expect(store.get('alice', 'x'.repeat(101))).rejects.toThrow(TypeError);
      expect(await rows('alice', 'orders')).toBe(0);
    });
  }
});

describe('SQLite file shared by several connections', () => {
  it('serialises 200 concurrent saves from 4 connections into one row (WAL + busy_timeout)', async () => {
    const filename = join(tempDir, 'shared.db');
    const stores = Array.from({ length: 4 }, () => createSqlPreferencesStore({ dialect: 'sqlite', filename, migrate: true }));
    cleanups.push(async () => {
      for (const s of stores) await s.close();
    });
    await stores[0]?.migrate();
    const saves = Array.from({ length: 200 }, (_, i) => (stores[i % 4] as SqlPreferencesStore).save('racer', 'orders', { searches: [`s${i}`] }));
    const results = await Promise.allSettled(saves);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const first = stores[0] as SqlPreferencesStore;
    expect(await countRows(first, 'racer', 'orders')).toBe(1);
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(first.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
  });
});
