/**
 * Preference payloads from the seed system's browser code: a named preset given as AG Grid's
 * column-state list (`{ "Compact": [ { colId, hide, width, pinned, sort, … } ] }`) is accepted by the
 * validator, both preference routes and the stores, normalised to our preset shape and read back in
 * that shape.
 */
import { describe, expect, it, vi } from 'vitest';
import { validateGridPrefsPatch } from '../../src/core/prefs';
import { MemoryPrefs } from '../../src/host/index';
import { createGridViewHandler } from '../../src/server/handler';
import { createSqlPreferencesStore } from '../../src/server/store/sql-store';
import { as, get, headerSubject, jsonOf, postJson } from './helpers';

const PREFS = '/grid/preferences/';
const SAVE = '/api/grid-view/save/';

/** What AG Grid's `getColumnState()` gives, as the seed system saved it. */
const agGridState = [
  { colId: 'name', width: 180.4, hide: false, pinned: 'left', sort: 'asc', sortIndex: 0, aggFunc: null, rowGroup: false, rowGroupIndex: null, pivot: false, pivotIndex: null, flex: null },
  { colId: 'total', width: 120, hide: true, pinned: null, sort: null, sortIndex: null, flex: 1 },
  { colId: 'region', width: 0, hide: false, pinned: true, sort: 'desc', sortIndex: 1 },
];

/** The same preset in our shape. */
const ours = {
  columns: [
    { colId: 'name', width: 180, hide: false, pinned: 'left', sort: 'asc', sortIndex: 0 },
    { colId: 'total', width: 120, hide: true, pinned: null, sort: null, sortIndex: null },
    { colId: 'region', hide: false, pinned: 'left', sort: 'desc', sortIndex: 1 },
  ],
};

describe('a preset given as AG Grid column state', () => {
  it('is normalised to our preset shape by the validator', () => {
    expect(validateGridPrefsPatch({ colPresets: { Compact: agGridState, Wide: ours } })).toEqual({ ok: true, value: { colPresets: { Compact: ours, Wide: ours } } });
    expect(validateGridPrefsPatch({ colPresets: { Empty: [] } })).toEqual({ ok: true, value: { colPresets: { Empty: { columns: [] } } } });
  });

  it('is still refused for keys AG Grid does not have, bad column ids, repeats and limits', () => {
    const refused = (preset: unknown) => {
      const result = validateGridPrefsPatch({ colPresets: { Compact: preset } });
      return result.ok ? null : result.message;
    };
    expect(refused([{ colId: 'a', colour: 'red' }])).toBe('colPresets["Compact"][0] has an unknown key "colour".');
    expect(refused([{ width: 10 }])).toMatch(/colPresets\["Compact"\]\.columns\[0\]\.colId must be a string/);
    expect(refused([{ colId: 'a' }, { colId: 'a' }])).toMatch(/appears twice/);
    expect(refused([{ colId: 'a', width: 20_000 }])).toMatch(/width must be a number from 0 to 10000/);
    expect(refused(['a'])).toMatch(/must be an object/);
    expect(refused(Array.from({ length: 501 }, (_, i) => ({ colId: `c${i}` })))).toMatch(/at most 500 columns/);
  });

  it('is accepted by both preference routes and read back in our shape', async () => {
    const store = new MemoryPrefs();
    const handler = createGridViewHandler({ store, subject: headerSubject, onError: vi.fn() });
    const a = await jsonOf(await handler(postJson(PREFS, { grid_id: 'orders', colPresets: { Compact: agGridState }, searches: [] }, as('alice'))));
    expect(a.status).toBe(200);
    const b = await jsonOf(await handler(postJson(SAVE, { grid_id: 'orders', colPresets: { Compact: agGridState, Other: agGridState.slice(1) }, searches: ['x'] }, as('bob'))));
    expect([b.status, b.body.status]).toEqual([200, 'ok']);
    const alice = await jsonOf(await handler(get(`${PREFS}?grid_id=orders`, as('alice'))));
    expect(alice.body.colPresets).toEqual({ Compact: ours });
    expect((await store.get('bob', 'orders')).colPresets).toEqual({ Compact: ours, Other: { columns: ours.columns.slice(1) } });
  });

  it('is accepted by the SQL store, which keeps and returns our shape', async () => {
    const store = createSqlPreferencesStore({ dialect: 'sqlite', filename: ':memory:' });
    try {
      await store.migrate();
      await store.save('alice', 'orders', { colPresets: { Compact: agGridState } as never });
      expect((await store.get('alice', 'orders')).colPresets).toEqual({ Compact: ours });
    } finally {
      await store.close();
    }
  });
});
