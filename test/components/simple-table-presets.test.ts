/**
 * SimpleTable's preset menu (jsdom, the real preferences and page-state stores over a `MemoryHost`):
 * a layout changed by the column menu and by resizing is saved as a named preset and applied back;
 * the preset marked "loads first" applies when the table opens with its columns' own layout and not
 * over a stored one; no Pinia (or `presets: false`) shows no menu. The same menu component as the
 * DataGrid's (test/components/data-grid-presets.test.ts covers rename, delete and errors).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { MemoryHost } from '../../src/host/index';
import { GridViewPlugin } from '../../src/plugin';
import { pageStateKey } from '../../stores/page-state/model';
import { mountTable, people, peopleColumns, tableConfig } from './simple-table.fixtures';
import { waitFor } from '../setup/wait';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

type Wrapper = ReturnType<typeof mountTable>;

const headerKeys = (wrapper: Wrapper): string[] => wrapper.findAll('thead th[data-cm-col-key]').map((th) => th.attributes('data-cm-col-key')!);
const widthOf = (wrapper: Wrapper, key: string): number => Number(wrapper.find(`th[data-cm-col-key="${key}"] [role="separator"]`).attributes('aria-valuenow'));

async function mountWithPresets(host: MemoryHost, props: Record<string, unknown> = {}): Promise<Wrapper> {
  const wrapper = mountTable(tableConfig(people, peopleColumns()), props, { global: { plugins: [createPinia(), [GridViewPlugin, { host }]] } });
  // The menu's code is downloaded after mount: the first time in a run it takes a while.
  await waitFor(() => expect(wrapper.find('[data-gv-preset-list]').exists()).toBe(true));
  await flushPromises();
  return wrapper;
}

async function openPresets(wrapper: Wrapper): Promise<void> {
  const button = wrapper.find('[data-gv-presets] .gv-menu__button');
  if (button.attributes('aria-expanded') !== 'true') await button.trigger('click');
}

async function savePreset(wrapper: Wrapper, name: string): Promise<void> {
  await openPresets(wrapper);
  await wrapper.find('input[data-gv-preset-name]').setValue(name);
  await wrapper.find('[data-gv-presets] form').trigger('submit');
}

describe('SimpleTable presets', () => {
  it('saves order, visibility and widths under a name and applies them back by click, persisting for the user', async () => {
    const host = new MemoryHost({ subjectId: 'ann' });
    const wrapper = await mountWithPresets(host);
    const defaultWidth = widthOf(wrapper, 'name');
    // Widen Name by keyboard, hide City, move Amount first through the table's own controller.
    await wrapper.find('th[data-cm-col-key="name"] [role="separator"]').trigger('keydown', { key: 'ArrowRight', shiftKey: true });
    const { columnMenuController } = (wrapper.vm.$ as unknown as { setupState: unknown }).setupState as { columnMenuController: { applyColumnState(state: unknown[], options?: { order?: boolean }): void; resetColumns(): void } };
    columnMenuController.applyColumnState([{ colId: 'amount' }, { colId: 'city', hide: true }]);
    await flushPromises();
    expect(headerKeys(wrapper)).toEqual(['amount', 'id', 'name', 'qty']);

    await savePreset(wrapper, 'Money first');
    await waitFor(async () => expect(Object.keys((await host.prefs.get('ann', 'orders')).colPresets)).toEqual(['Money first']));
    const saved = (await host.prefs.get('ann', 'orders')).colPresets['Money first']!.columns;
    expect(saved.find((entry) => entry.colId === 'name')?.width).toBe(defaultWidth + 50);
    expect(saved.find((entry) => entry.colId === 'city')?.hide).toBe(true);
    expect(wrapper.find('[data-cm-announcer]').text()).toBe('Preset "Money first" saved');

    columnMenuController.resetColumns();
    await flushPromises();
    expect(headerKeys(wrapper)).toEqual(['id', 'name', 'city', 'amount', 'qty']);
    expect(widthOf(wrapper, 'name')).toBe(defaultWidth);

    await wrapper.find('[data-gv-preset="Money first"] button[data-gv-preset-apply]').trigger('click');
    await flushPromises();
    expect(headerKeys(wrapper)).toEqual(['amount', 'id', 'name', 'qty']);
    expect(widthOf(wrapper, 'name')).toBe(defaultWidth + 50);
    expect(wrapper.find('[data-cm-announcer]').text()).toBe('Preset "Money first" applied');
    // The applied preset is the page's layout now: kept in page state for a reload.
    const stored = JSON.parse(localStorage.getItem(pageStateKey({ id: 'orders' })) ?? 'null') as { state: { columnState: { colId: string; hide?: boolean }[] } };
    expect(stored.state.columnState.find((entry) => entry.colId === 'city')?.hide).toBe(true);
  });

  it('applies the preset that loads first on a table opened with its own layout, not over a stored one', async () => {
    const host = new MemoryHost({ subjectId: 'ann' });
    await host.prefs.save('ann', 'orders', { colPresets: { Narrow: { columns: [{ colId: 'qty' }, { colId: 'city', hide: true }], default: true } } });
    const first = await mountWithPresets(host);
    await waitFor(() => expect(headerKeys(first)).toEqual(['qty', 'id', 'name', 'amount']));
    // The reader changes the layout; the next visit shows theirs, not the default preset.
    const { columnMenuController } = (first.vm.$ as unknown as { setupState: unknown }).setupState as { columnMenuController: { applyColumnState(state: unknown[], options?: { order?: boolean }): void } };
    columnMenuController.applyColumnState([{ colId: 'city', hide: false }, { colId: 'id', hide: true }], { order: false });
    await flushPromises();
    expect(headerKeys(first)).toEqual(['qty', 'city', 'name', 'amount']);
    first.unmount();

    const second = await mountWithPresets(host);
    await flushPromises();
    expect(headerKeys(second)).toEqual(['qty', 'city', 'name', 'amount']);
  });

  it('shows no preset menu without Pinia, or with presets off', async () => {
    const bare = mountTable(tableConfig(people, peopleColumns()));
    await flushPromises();
    expect(bare.find('button[data-cm-column-menu]').exists()).toBe(true);
    expect(bare.find('[data-gv-presets]').exists()).toBe(false);

    const off = mountTable(tableConfig(people, peopleColumns()), { presets: false }, { global: { plugins: [createPinia()] } });
    // With Pinia the menu would show once the layout has its owner (the page-state store, loaded
    // after mount): wait for that moment, then the table must still have decided against the menu.
    const state = (off.vm.$ as unknown as { setupState: unknown }).setupState as { layoutState: { settled: { value: boolean } }; showPresets: boolean };
    await waitFor(() => expect(state.layoutState.settled.value).toBe(true));
    await flushPromises();
    expect(state.showPresets).toBe(false);
    expect(off.find('[data-gv-presets]').exists()).toBe(false);
  });
});
