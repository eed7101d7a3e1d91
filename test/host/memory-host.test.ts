import { describe, expect, it } from 'vitest';
import { HostError, MemoryHost, MemoryPrefs } from '../../src/host/index';
import type { GridPrefsPatch, GridViewSpec } from '../../src/core/types';

const preset: GridPrefsPatch = {
  colPresets: { compact: { columns: [{ colId: 'name', width: 120 }, { colId: 'total', hide: true, pinned: 'left', sort: 'desc', sortIndex: 0 }] } },
  searches: ['acme'],
};

const spec = {
  gridId: 'orders',
  columns: [
    { key: 'name', sortable: true, searchable: true },
    { key: 'total', sortable: true, searchable: false },
    { key: 'note', sortable: false, searchable: true },
  ],
  searchMode: 'global',
} as unknown as GridViewSpec;

describe('MemoryPrefs', () => {
  it('returns empty preferences with updatedAt null for an unknown subject and grid', async () => {
    const prefs = new MemoryPrefs();
    await expect(prefs.get('u1', 'orders')).resolves.toEqual({ colPresets: {}, searches: [], updatedAt: null });
  });

  it('stores a patch and stamps updatedAt from its clock', async () => {
    const prefs = new MemoryPrefs({ now: () => new Date('2024-05-01T10:00:00Z') });
    const saved = await prefs.save('u1', 'orders', preset);
    expect(saved).toEqual({ ...preset, updatedAt: '2024-05-01T10:00:00.000Z' });
    await expect(prefs.get('u1', 'orders')).resolves.toEqual(saved);
  });

  it('keeps absent fields when a later patch carries only one of them', async () => {
    const prefs = new MemoryPrefs();
    await prefs.save('u1', 'orders', preset);
    await prefs.save('u1', 'orders', { searches: ['beta'] });
    const stored = await prefs.get('u1', 'orders');
    expect(stored.colPresets).toEqual(preset.colPresets);
    expect(stored.searches).toEqual(['beta']);
  });

  it('scopes records by subject and grid id', async () => {
    const prefs = new MemoryPrefs();
    await prefs.save('u1', 'orders', preset);
    await expect(prefs.get('u2', 'orders')).resolves.toMatchObject({ searches: [], updatedAt: null });
    await expect(prefs.get('u1', 'invoices')).resolves.toMatchObject({ searches: [], updatedAt: null });
    expect(prefs.size).toBe(1);
  });

  it('does not let callers mutate stored state through what they passed or got back', async () => {
    const prefs = new MemoryPrefs();
    const patch = structuredClone(preset);
    const saved = await prefs.save('u1', 'orders', patch);
    patch.searches!.push('mutated-input');
    saved.searches.push('mutated-output');
    const read = await prefs.get('u1', 'orders');
    read.colPresets.compact!.columns[0]!.width = 999;
    const again = await prefs.get('u1', 'orders');
    expect(again.searches).toEqual(['acme']);
    expect(again.colPresets.compact!.columns[0]!.width).toBe(120);
  });

  it('refuses an invalid patch with invalid_prefs and stores nothing', async () => {
    const prefs = new MemoryPrefs();
    await expect(prefs.save('u1', 'orders', { searches: [42] } as unknown as GridPrefsPatch)).rejects.toMatchObject({
      name: 'HostError',
      code: 'invalid_prefs',
    });
    await expect(prefs.save('u1', 'Bad Id', {})).rejects.toMatchObject({ code: 'invalid_prefs' });
    expect(prefs.size).toBe(0);
  });

  it('refuses a patch larger than the 64 KiB body limit', async () => {
    const prefs = new MemoryPrefs();
    const columns = Array.from({ length: 400 }, (_, i) => ({ colId: `column_with_a_rather_long_identifier_${i}`, width: 100 }));
    const colPresets = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`preset ${i}`, { columns }]));
    await expect(prefs.save('u1', 'orders', { colPresets })).rejects.toMatchObject({ code: 'invalid_prefs', message: expect.stringContaining('65536') });
  });
});

describe('MemoryHost', () => {
  it('saves and reads preferences for the authenticated subject', async () => {
    const host = new MemoryHost({ subjectId: 'u1' });
    const result = await host.saveGridPrefs('u1', 'orders', preset);
    expect(result.localOnly).toBe(false);
    expect(result.prefs.updatedAt).toEqual(expect.any(String));
    await expect(host.getGridPrefs('u1', 'orders')).resolves.toEqual(result.prefs);
    await expect(host.loadGridPrefs('u1', 'orders')).resolves.toEqual({ localOnly: false, prefs: result.prefs });
  });

  it('answers an anonymous save with localOnly and stores nothing', async () => {
    const prefs = new MemoryPrefs();
    const host = new MemoryHost({ prefs });
    const result = await host.saveGridPrefs(null, 'orders', preset);
    expect(result).toEqual({ localOnly: true, reason: 'anonymous', prefs: { ...preset, updatedAt: null } });
    expect(prefs.size).toBe(0);
    await expect(host.loadGridPrefs(null, 'orders')).resolves.toMatchObject({ localOnly: true, prefs: { searches: [] } });
  });

  it('throws subject_mismatch when saving for another subject than the current one', async () => {
    const host = new MemoryHost({ subjectId: 'u1' });
    const error = await host.saveGridPrefs('u2', 'orders', preset).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostError);
    expect(error).toMatchObject({ code: 'subject_mismatch', retryable: false });
    const anonymous = new MemoryHost();
    await expect(anonymous.saveGridPrefs('u1', 'orders', preset)).rejects.toMatchObject({ code: 'subject_mismatch' });
  });

  it('follows sign-in and sign-out through setSubjectId', async () => {
    const host = new MemoryHost();
    expect(host.currentSubjectId()).toBeNull();
    host.setSubjectId('u9');
    await host.saveGridPrefs('u9', 'orders', preset);
    host.setSubjectId(null);
    await expect(host.saveGridPrefs('u9', 'orders', preset)).rejects.toMatchObject({ code: 'subject_mismatch' });
  });

  it('translates through the package catalogs and returns unknown keys unchanged', () => {
    expect(new MemoryHost().translate('common.close')).toBe('Close');
    expect(new MemoryHost({ locale: 'uk' }).translate('common.close')).not.toBe('Close');
    expect(new MemoryHost().translate('no.such.key')).toBe('no.such.key');
    const custom = new MemoryHost({ translate: (key) => (key === 'common.close' ? 'Shut' : null) });
    expect(custom.translate('common.close')).toBe('Shut');
    expect(custom.translate('common.save')).toBe('Save');
  });

  it('builds route URLs with URL-encoded query params and refuses unknown routes', () => {
    const host = new MemoryHost({ baseUrl: '/api/', routes: { export_pdf: '/pdf?x=1#top' } });
    expect(host.urlFor('grid_prefs')).toBe('/api/grid/preferences/');
    expect(host.urlFor('export_pdf', { builder: 'a b&c', q: 'é/?', skip: null, n: 3, flag: true })).toBe(
      '/pdf?x=1&builder=a%20b%26c&q=%C3%A9%2F%3F&n=3&flag=true#top',
    );
    expect(() => host.urlFor('nope')).toThrowError(HostError);
    try {
      host.urlFor('nope');
    } catch (error) {
      expect(error).toMatchObject({ code: 'unknown_route' });
    }
  });

  it('renders only its own templates', () => {
    const host = new MemoryHost({ templates: { banner: (ctx) => `<p>${String(ctx.n)}</p>` } });
    expect(host.templateExists('banner')).toBe(true);
    expect(host.templateExists('toString')).toBe(false);
    expect(host.renderHostTemplate('banner', { n: 2 })).toBe('<p>2</p>');
    expect(() => host.renderHostTemplate('toString', {})).toThrow(expect.objectContaining({ code: 'unknown_template' }));
  });

  it('reads the filter state from a URL, checked against the spec', () => {
    const host = new MemoryHost({ url: 'https://x.test/orders?q=acme&sort=total&dir=desc&f_name=ann&f_total=5&f_note=late#h' });
    expect(host.filterStateFromRequest(spec)).toEqual({ search: 'acme', sort: { key: 'total', direction: 'desc' }, filters: { name: 'ann', note: 'late' } });
  });

  it('returns a copy of a given filter state, which wins over the URL', () => {
    const filterState = { search: 's', sort: null, filters: { name: 'x' } };
    const host = new MemoryHost({ filterState, url: '?q=other' });
    const read = host.filterStateFromRequest(spec);
    expect(read).toEqual(filterState);
    read.filters.name = 'changed';
    expect(host.filterStateFromRequest(spec).filters.name).toBe('x');
    host.setRequest({ url: new URL('http://h/?q=later') });
    expect(host.filterStateFromRequest(spec).search).toBe('later');
  });
});
