/**
 * The DataGrid's column chooser (jsdom, real AG Grid): what each control does to the grid's
 * columns — All, None, Standard, Reset, the filter box, pin left / right / none, move up and down —
 * and the dialog's own contract (opened by the gear, `aria-modal`, closed by its button with focus
 * back on the gear). Keyboard and mouse in a real browser: test/e2e/playground-data-grid.test.ts.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VueWrapper, DOMWrapper } from '@vue/test-utils';
import { ORDERS_SPEC, exposed, mountGrid, orderRows, until } from './data-grid.fixtures';
import { fakeModalDialogs } from '../setup/dialog';

beforeAll(fakeModalDialogs);

afterEach(() => {
  document.body.innerHTML = '';
});

const SPEC_ORDER = ['id', 'day', 'region', 'note', 'units', 'amount'];

/** The grid's displayed columns, in display order (pinned left first, pinned right last). */
function shown(wrapper: VueWrapper): string[] {
  return exposed(wrapper).api!.getAllDisplayedColumns().map((column) => column.getColId());
}

function pinnedOf(wrapper: VueWrapper, key: string): unknown {
  return exposed(wrapper).api!.getColumnState().find((column) => column.colId === key)?.pinned;
}

async function openChooser(): Promise<{ wrapper: VueWrapper; dialog: DOMWrapper<HTMLDialogElement> }> {
  const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows: orderRows(60) });
  await wrapper.find('button[data-gv-gear]').trigger('click');
  const dialog = wrapper.find<HTMLDialogElement>('dialog[data-gv-column-chooser]');
  await until(() => dialog.attributes('open') !== undefined, 'the chooser');
  return { wrapper, dialog };
}

const listed = (dialog: DOMWrapper<HTMLDialogElement>) => dialog.findAll('[data-gv-column]').map((row) => row.attributes('data-gv-column'));

describe('DataGrid column chooser', () => {
  it('opens from the gear as a modal dialog, lists the columns by menu group, and closes with focus back on the gear', async () => {
    const { wrapper, dialog } = await openChooser();
    const gear = wrapper.find('button[data-gv-gear]');
    expect(gear.attributes('aria-haspopup')).toBe('dialog');
    expect(gear.attributes('aria-expanded')).toBe('true');
    expect(dialog.attributes('aria-modal')).toBe('true');
    expect(dialog.findAll('.gv-chooser__group').map((h) => h.text())).toEqual(['Order', 'Sale', 'Figures']);
    expect(dialog.find('.gv-chooser__count').text()).toBe('6 of 7 shown');
    await dialog.find('button[data-gv-chooser-close]').trigger('click');
    expect(dialog.attributes('open')).toBeUndefined();
    expect(document.activeElement).toBe(gear.element);
    expect(gear.attributes('aria-expanded')).toBe('false');
    wrapper.unmount();
  });

  it('“None” keeps only the first column, “Standard” brings back the spec’s visible columns, “All” shows the hidden one too', async () => {
    const { wrapper, dialog } = await openChooser();
    expect(shown(wrapper)).toEqual(SPEC_ORDER);
    await dialog.find('button[data-gv-chooser-none]').trigger('click');
    expect(shown(wrapper)).toEqual(['id']);
    expect(dialog.find('.gv-chooser__count').text()).toBe('1 of 7 shown');
    expect(dialog.findAll('input[data-gv-visible]').filter((box) => (box.element as HTMLInputElement).checked)).toHaveLength(1);
    await dialog.find('button[data-gv-chooser-standard]').trigger('click');
    expect(shown(wrapper)).toEqual(SPEC_ORDER);
    await dialog.find('button[data-gv-chooser-all]').trigger('click');
    expect(shown(wrapper)).toEqual([...SPEC_ORDER, 'secret']);
    await dialog.find('button[data-gv-chooser-standard]').trigger('click');
    expect(shown(wrapper)).toEqual(SPEC_ORDER);
    // Standard is about visibility only: an order the reader chose stays.
    await dialog.find('[data-gv-column="amount"] button[data-gv-move="up"]').trigger('click');
    await dialog.find('button[data-gv-chooser-none]').trigger('click');
    await dialog.find('button[data-gv-chooser-standard]').trigger('click');
    expect(shown(wrapper)).toEqual(['id', 'day', 'region', 'note', 'amount', 'units']);
    wrapper.unmount();
  });

  it('the filter box narrows the list by label, case- and accent-insensitively, and says when nothing matches; the controls still work', async () => {
    const { wrapper, dialog } = await openChooser();
    const filter = dialog.find('input[data-gv-chooser-filter]');
    expect(dialog.find(`label[for="${filter.attributes('id')}"]`).text()).toBe('Find a column');
    await filter.setValue('AMÓ');
    expect(listed(dialog)).toEqual(['amount']);
    expect(dialog.findAll('.gv-chooser__group').map((h) => h.text())).toEqual(['Figures']);
    await dialog.find('[data-gv-column="amount"] input[data-gv-visible]').setValue(false);
    expect(shown(wrapper)).not.toContain('amount');
    await filter.setValue('code');
    expect(listed(dialog)).toEqual(['secret']);
    await filter.setValue('zzz');
    expect(listed(dialog)).toEqual([]);
    expect(dialog.find('.gv-chooser__empty').text()).toBe('No column matches');
    await filter.setValue('');
    expect(listed(dialog)).toEqual(['id', 'day', 'region', 'note', 'units', 'amount', 'secret']);
    wrapper.unmount();
  });

  it('pins a column left, right and back to none, and the grid follows each time', async () => {
    const { wrapper, dialog } = await openChooser();
    const pin = dialog.find<HTMLSelectElement>('[data-gv-column="region"] select[data-gv-pin]');
    expect(dialog.find(`label[for="${pin.attributes('id')}"]`).text()).toBe('Pin Region');
    expect(pin.findAll('option').map((o) => o.text())).toEqual(['Not pinned', 'Pin to the left', 'Pin to the right']);
    await pin.setValue('right');
    expect(pinnedOf(wrapper, 'region')).toBe('right');
    expect(shown(wrapper).at(-1)).toBe('region');
    await pin.setValue('left');
    expect(pinnedOf(wrapper, 'region')).toBe('left');
    expect(shown(wrapper)[0]).toBe('region');
    await pin.setValue('');
    expect(pinnedOf(wrapper, 'region') ?? null).toBeNull();
    expect(shown(wrapper)).toEqual(SPEC_ORDER);
    // The list shows the state the grid has.
    await dialog.find<HTMLSelectElement>('[data-gv-column="amount"] select[data-gv-pin]').setValue('right');
    expect(dialog.find<HTMLSelectElement>('[data-gv-column="amount"] select[data-gv-pin]').element.value).toBe('right');
    wrapper.unmount();
  });

  it('moves columns up and down within their group, announces the new position, and Reset restores the spec’s layout', async () => {
    const { wrapper, dialog } = await openChooser();
    const up = dialog.find('[data-gv-column="note"] button[data-gv-move="up"]');
    expect(up.attributes('aria-label')).toBe('Move Note up');
    await up.trigger('click');
    expect(shown(wrapper)).toEqual(['id', 'day', 'note', 'region', 'units', 'amount']);
    expect(dialog.find('[data-gv-chooser-announcer]').text()).toBe('Note: position 3 of 7');
    // The first of a group cannot move up into another group.
    expect(dialog.find('[data-gv-column="note"] button[data-gv-move="up"]').attributes('disabled')).toBeDefined();
    await dialog.find('[data-gv-column="units"] button[data-gv-move="down"]').trigger('click');
    expect(shown(wrapper)).toEqual(['id', 'day', 'note', 'region', 'amount', 'units']);
    await dialog.find('[data-gv-column="day"] input[data-gv-visible]').setValue(false);
    await dialog.find<HTMLSelectElement>('[data-gv-column="units"] select[data-gv-pin]').setValue('left');
    exposed(wrapper).api!.applyColumnState({ state: [{ colId: 'amount', sort: 'desc' }] });
    await dialog.find('button[data-gv-chooser-reset]').trigger('click');
    expect(shown(wrapper)).toEqual(SPEC_ORDER);
    expect(exposed(wrapper).api!.getColumnState().filter((c) => c.sort || c.pinned)).toEqual([]);
    wrapper.unmount();
  });
});
