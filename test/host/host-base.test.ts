import { describe, expect, it } from 'vitest';
import { HostBase, HostError, HttpHost, MemoryHost } from '../../src/host/index';
import { emptyFilterState } from '../../src/host/filter-state';
import { emptyGridPrefs } from '../../src/host/prefs-data';
import type { FilterState, LoadPrefsResult, SavePrefsResult } from '../../src/host/index';

/** The smallest host an application could write on top of the base. */
class ReadOnlyHost extends HostBase {
  override async loadGridPrefs(_subjectId: string | null, gridId: string): Promise<LoadPrefsResult> {
    this.assertGridId(gridId);
    return { localOnly: false, prefs: { ...emptyGridPrefs(), searches: [`for ${gridId}`] } };
  }
  override async saveGridPrefs(): Promise<SavePrefsResult> {
    throw new HostError('http', 'read only', { status: 403 });
  }
  override filterStateFromRequest(): FilterState {
    return emptyFilterState();
  }
  override currentSubjectId(): string | null {
    return 'reader';
  }
}

describe('HostBase', () => {
  it('gives a custom host translation, routes, templates and getGridPrefs', async () => {
    const host = new ReadOnlyHost({ locale: 'uk', baseUrl: '/api/', routes: { lazy: '/frag/' }, templates: { hi: (ctx) => `<b>${String(ctx.n)}</b>` } });
    expect(host.translate('common.loading')).not.toBe('common.loading');
    expect(host.translate('no.such.key')).toBe('no.such.key');
    expect(host.urlFor('grid_prefs', { grid_id: 'a b' })).toBe('/api/grid/preferences/?grid_id=a%20b');
    expect(host.urlFor('lazy', { block: 'x' })).toBe('/frag/?block=x');
    expect(() => host.urlFor('nowhere')).toThrow(HostError);
    expect(host.renderHostTemplate('hi', { n: 1 })).toBe('<b>1</b>');
    await expect(host.getGridPrefs('reader', 'orders')).resolves.toMatchObject({ searches: ['for orders'] });
    await expect(host.getGridPrefs('reader', '')).rejects.toMatchObject({ code: 'invalid_prefs' });
  });

  it('is the one implementation behind both package hosts: inherited names never count as templates', () => {
    const hosts = [new MemoryHost({ templates: { t: () => 'm' } }), new HttpHost({ templates: { t: () => 'h' } })];
    for (const host of hosts) {
      expect(host).toBeInstanceOf(HostBase);
      expect(host.templateExists('t')).toBe(true);
      for (const name of ['toString', '__proto__', 'constructor']) {
        expect(host.templateExists(name)).toBe(false);
        expect(() => host.renderHostTemplate(name, {})).toThrow(expect.objectContaining({ code: 'unknown_template' }));
      }
    }
  });
});
