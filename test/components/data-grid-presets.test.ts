/**
 * The DataGrid's preset and saved-search menus (jsdom, real AG Grid, the real preferences store
 * over a `MemoryHost`): save, apply by click, rename, delete, the note about columns an older preset
 * names, `local_only` for an anonymous reader, and saved searches saved, applied and deleted. In a
 * real browser with the keyboard and the mouse: test/e2e/playground-data-grid.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import { MemoryHost } from '../../src/host/index';
import { setWarningHandler } from '../../src/core/warn';
import { ORDERS_SPEC, exposed, mountGrid, orderRows, until } from './data-grid.fixtures';
import { waitFor } from '../setup/wait';

afterEach(() => {
  setWarningHandler(null);
  document.body.innerHTML = '';
});

const rows = orderRows(80);

function displayed(wrapper: VueWrapper): string[] {
  return exposed(wrapper).api!.getAllDisplayedColumns().map((column) => column.getColId());
}

/** What the host stores for ann's orders grid. */
const stored = (host: MemoryHost) => host.prefs.get('ann', 'orders');

/** Waits until the host's stored preferences satisfy `check` (the store saves after a short debounce). */
async function untilStored(host: MemoryHost, check: (prefs: Awaited<ReturnType<typeof stored>>) => boolean, what: string): Promise<void> {
  await waitFor(async () => {
    const prefs = await stored(host);
    if (!check(prefs)) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(prefs)}`);
  });
}

async function mountWithHost(host: MemoryHost): Promise<VueWrapper> {
  const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows }, { plugin: { host } });
  await until(() => wrapper.find('[data-gv-preset-list]').exists(), 'the preset menu');
  return wrapper;
}

async function openMenu(wrapper: VueWrapper, menu: 'presets' | 'searches'): Promise<void> {
  const button = wrapper.find(`[data-gv-${menu}] .gv-menu__button`);
  if (button.attributes('aria-expanded') !== 'true') await button.trigger('click');
}

const presetNames = (wrapper: VueWrapper) => wrapper.findAll('[data-gv-preset]').map((item) => item.attributes('data-gv-preset'));

describe('DataGrid presets', () => {
  it('saves the layout under a name, applies it by click, renames it (focus on the renamed preset) and deletes it, persisting each step', async () => {
    const host = new MemoryHost({ subjectId: 'ann' });
    const wrapper = await mountWithHost(host);
    const { controller } = exposed(wrapper);
    controller.applyColumnState([{ colId: 'note', hide: true }, { colId: 'amount', pinned: 'left' }], { order: false });
    await openMenu(wrapper, 'presets');
    await wrapper.find('input[data-gv-preset-name]').setValue('Compact');
    await wrapper.find('[data-gv-presets] form').trigger('submit');
    expect(presetNames(wrapper)).toEqual(['Compact']);
    await untilStored(host, (prefs) => prefs.colPresets['Compact'] !== undefined, 'the saved preset');
    await until(() => wrapper.find('[data-gv-toolbar-announcer]').text() === 'Preset "Compact" saved', 'the announcement');

    controller.resetColumns();
    expect(displayed(wrapper)).toEqual(['id', 'day', 'region', 'note', 'units', 'amount']);
    await wrapper.find('[data-gv-preset="Compact"] button[data-gv-preset-apply]').trigger('click');
    expect(displayed(wrapper)).toEqual(['amount', 'id', 'day', 'region', 'units']);
    await until(() => wrapper.find('[data-gv-toolbar-announcer]').text() === 'Preset "Compact" applied', 'the apply announcement');

    await wrapper.find('[data-gv-preset="Compact"] button[data-gv-preset-rename]').trigger('click');
    const input = wrapper.find<HTMLInputElement>('input[data-gv-preset-rename-input]');
    expect(document.activeElement).toBe(input.element);
    expect(wrapper.find(`label[for="${input.attributes('id')}"]`).text()).toBe('New name for Compact');
    await input.setValue('Narrow');
    await input.trigger('keydown', { key: 'Enter' });
    expect(presetNames(wrapper)).toEqual(['Narrow']);
    await until(() => document.activeElement === wrapper.find('[data-gv-preset="Narrow"] button[data-gv-preset-apply]').element, 'focus on the renamed preset');
    await untilStored(host, (prefs) => Object.keys(prefs.colPresets).join() === 'Narrow', 'the rename saved');
    await until(() => wrapper.find('[data-gv-toolbar-announcer]').text() === 'Preset "Compact" renamed to "Narrow"', 'the rename announcement');

    // Esc in the rename box cancels the rename only (the menu stays open), focus on its rename button.
    await wrapper.find('[data-gv-preset="Narrow"] button[data-gv-preset-rename]').trigger('click');
    await wrapper.find('input[data-gv-preset-rename-input]').trigger('keydown', { key: 'Escape' });
    expect(wrapper.find('input[data-gv-preset-rename-input]').exists()).toBe(false);
    expect(wrapper.find('[data-gv-presets] .gv-menu__button').attributes('aria-expanded')).toBe('true');
    await until(() => document.activeElement === wrapper.find('[data-gv-preset="Narrow"] button[data-gv-preset-rename]').element, 'focus back on rename');

    await wrapper.find('[data-gv-preset="Narrow"] button[data-gv-preset-delete]').trigger('click');
    expect(presetNames(wrapper)).toEqual([]);
    expect(wrapper.find('[data-gv-presets] .gv-menu__empty').text()).toBe('No presets yet');
    await until(() => document.activeElement === wrapper.find('input[data-gv-preset-name]').element, 'focus on the name box');
    await untilStored(host, (prefs) => Object.keys(prefs.colPresets).length === 0, 'the delete saved');
    wrapper.unmount();
  });

  it('offers Undo after a delete, which brings the preset back with its columns and its "loads first" mark; the buttons say what they do in words', async () => {
    const host = new MemoryHost({ subjectId: 'ann' });
    await host.saveGridPrefs('ann', 'orders', { colPresets: { Wide: { columns: [{ colId: 'amount' }, { colId: 'id' }], default: true }, Keep: { columns: [{ colId: 'id' }] } } });
    const wrapper = await mountWithHost(host);
    await openMenu(wrapper, 'presets');
    await until(() => presetNames(wrapper).includes('Wide'), 'the stored presets');
    const item = wrapper.find('[data-gv-preset="Wide"]');
    expect(item.find('[data-gv-preset-rename]').text()).toContain('Rename');
    expect(item.find('[data-gv-preset-delete]').text()).toContain('Delete');
    expect(item.find('[data-gv-preset-default]').text()).toContain('Load first');
    await item.find('button[data-gv-preset-delete]').trigger('click');
    expect(presetNames(wrapper)).toEqual(['Keep']);
    expect(wrapper.find('[data-gv-preset-deleted]').text()).toContain('Preset "Wide" deleted');
    await untilStored(host, (prefs) => prefs.colPresets['Wide'] === undefined, 'the delete saved');
    await wrapper.find('button[data-gv-preset-undo]').trigger('click');
    expect(presetNames(wrapper)).toContain('Wide');
    expect(wrapper.find('[data-gv-preset-deleted]').exists()).toBe(false);
    await until(() => document.activeElement === wrapper.find('[data-gv-preset="Wide"] button[data-gv-preset-apply]').element, 'focus on the restored preset');
    await untilStored(host, (prefs) => prefs.colPresets['Wide']?.default === true && prefs.colPresets['Wide']?.columns.map((c) => c.colId).join() === 'amount,id', 'the preset restored');
    await until(() => wrapper.find('[data-gv-toolbar-announcer]').text() === 'Preset "Wide" restored', 'the restore announcement');
    wrapper.unmount();
  });

  it('applies what still exists of a preset saved with an older column set and says, visibly and aloud, which columns it skipped', async () => {
    const warnings: string[] = [];
    setWarningHandler((warning) => warnings.push(warning.code));
    const host = new MemoryHost({ subjectId: 'ann' });
    await host.saveGridPrefs('ann', 'orders', {
      colPresets: {
        Old: { columns: [{ colId: 'units' }, { colId: 'discount', hide: false }, { colId: 'id' }, { colId: 'region', hide: true }, { colId: 'vat' }] },
      },
    });
    const wrapper = await mountWithHost(host);
    await openMenu(wrapper, 'presets');
    await until(() => presetNames(wrapper).includes('Old'), 'the stored preset');
    await wrapper.find('[data-gv-preset="Old"] button[data-gv-preset-apply]').trigger('click');
    expect(displayed(wrapper).slice(0, 2)).toEqual(['units', 'id']);
    expect(displayed(wrapper)).not.toContain('region');
    const note = 'Preset "Old" applied; 2 columns it names no longer exist and were skipped: discount, vat';
    expect(wrapper.find('[data-gv-preset-note]').text()).toBe(note);
    await until(() => wrapper.find('[data-gv-toolbar-announcer]').text() === note, 'the announcement');
    expect(warnings).toContain('preset_columns_dropped');
    // Applying a preset that fits clears the note.
    await wrapper.find('input[data-gv-preset-name]').setValue('Now');
    await wrapper.find('[data-gv-presets] form').trigger('submit');
    await wrapper.find('[data-gv-preset="Now"] button[data-gv-preset-apply]').trigger('click');
    expect(wrapper.find('[data-gv-preset-note]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('keeps an anonymous reader’s presets on this device and says so (local_only)', async () => {
    const host = new MemoryHost({ subjectId: null });
    const wrapper = await mountWithHost(host);
    await openMenu(wrapper, 'presets');
    await wrapper.find('input[data-gv-preset-name]').setValue('Mine');
    await wrapper.find('[data-gv-presets] form').trigger('submit');
    expect(presetNames(wrapper)).toEqual(['Mine']);
    // The line says "Saving…" while the save is pending, before the store learns it can only keep
    // it here: wait for the words, not for the line.
    const localOnly = 'You are not signed in: preferences are kept on this device only.';
    await until(() => wrapper.find('[data-gv-prefs-status]').text() === localOnly, 'the local-only status');
    expect(wrapper.find('[data-gv-prefs-status]').text()).toBe(localOnly);
    wrapper.unmount();
  });
});

describe('DataGrid saved searches', () => {
  it('saves the quick search with the column filters, applies it, and deletes it (focus moves on, the store follows)', async () => {
    const host = new MemoryHost({ subjectId: 'ann' });
    const wrapper = await mountWithHost(host);
    const { controller } = exposed(wrapper);
    controller.setQuickFilter('north / south');
    controller.setFilterModel({ units: { filterType: 'number', type: 'greaterThan', filter: 15 } });
    const expected = rows.filter((row) => (row.region === 'North' || row.region === 'South') && Number(row.units) > 15).length;
    await until(() => controller.counts().shown === expected, 'the filtered rows');
    await openMenu(wrapper, 'searches');
    await wrapper.find('input[data-gv-search-name]').setValue('Big north-south');
    await wrapper.find('[data-gv-searches] form').trigger('submit');
    controller.setQuickFilter('fragile');
    await wrapper.find('input[data-gv-search-name]').setValue('');
    await wrapper.find('[data-gv-searches] form').trigger('submit');
    const names = () => wrapper.findAll('[data-gv-search]').map((item) => item.attributes('data-gv-search'));
    expect(names()).toEqual(['Big north-south', 'fragile']);
    expect(wrapper.find('[data-gv-search="Big north-south"] .gv-menu__detail').text()).toBe('north / south · 1 column filter');
    await untilStored(host, (prefs) => prefs.searches.length === 2, 'the saved searches');

    controller.setFilterModel(null);
    controller.setQuickFilter('');
    await until(() => controller.counts().shown === 80, 'the cleared view');
    await wrapper.find('[data-gv-search="Big north-south"] button[data-gv-search-apply]').trigger('click');
    await until(() => controller.counts().shown === expected, 'the applied search');
    expect(controller.getQuickFilter()).toBe('north / south');
    expect(wrapper.find<HTMLInputElement>('input[data-gv-quick-search]').element.value).toBe('north / south');

    const remove = wrapper.find('[data-gv-search="Big north-south"] button[data-gv-search-delete]');
    expect(remove.attributes('aria-label')).toBe('Delete search Big north-south');
    await remove.trigger('click');
    expect(names()).toEqual(['fragile']);
    await until(() => document.activeElement === wrapper.find('[data-gv-search="fragile"] button[data-gv-search-apply]').element, 'focus on the next search');
    await until(() => wrapper.find('[data-gv-toolbar-announcer]').text() === 'Search "Big north-south" deleted', 'the announcement');
    await untilStored(host, (prefs) => prefs.searches.length === 1, 'the delete saved');
    // Deleting a search leaves the view as it is.
    expect(controller.counts().shown).toBe(expected);
    await wrapper.find('[data-gv-search="fragile"] button[data-gv-search-delete]').trigger('click');
    expect(wrapper.find('[data-gv-searches] .gv-menu__empty').exists()).toBe(true);
    await until(() => document.activeElement === wrapper.find('input[data-gv-search-name]').element, 'focus on the name box');
    wrapper.unmount();
  });
});
