/**
 * The DataGrid prepares a column's sort before the click (jsdom, real AG Grid): a pointer resting on
 * a header, or focus arriving at one, builds that column's sort index in idle slices. The table
 * engine's `warmSortIndex` (the code tables download on demand) is observed through a spy that still
 * does the work.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import * as tableModel from '../../src/core/table-model/engine';
type TableModel = typeof tableModel;
import { runWhenIdle } from '../../src/core/table-model/idle';
import { backgroundScheduler } from '../../composables/useTableWarmup';
import { loadTableEngine } from '../../composables/useTableEngine';
import { ORDERS_SPEC, mountGrid, orderRows, until } from './data-grid.fixtures';

vi.mock('../../src/core/table-model/engine', async (importOriginal) => {
  const actual = await importOriginal<TableModel>();
  return { ...actual, warmSortIndex: vi.fn(actual.warmSortIndex) };
});

afterEach(() => {
  document.body.innerHTML = '';
});

/**
 * The next idle turn of the window's background scheduler, the one the warm-up runs its steps on:
 * steps scheduled before it (with the same scheduler) have run when it resolves.
 */
function idleTurn(): Promise<void> {
  return new Promise((resolve) => runWhenIdle([() => true], backgroundScheduler(window), resolve));
}

/**
 * Everything a grid's warm-up does unprompted after mount has had its turn: the first paint, the
 * idle turn in which it asks for the table engine, the engine's arrival (the download it started,
 * or one started here when it asked for none: a later intent then finds the code downloaded but
 * still prepares through its own request), and the idle turn in which it would start preparing.
 */
async function warmupHadItsTurn(): Promise<void> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  await idleTurn();
  await loadTableEngine();
  await flushPromises();
  await idleTurn();
}

/** Keys of the columns whose sort preparation has been worked on so far. */
const prepared = (): string[] => vi.mocked(tableModel.warmSortIndex).mock.calls.map(([, column]) => column.key);
/** Whether the sort of column `key` is complete (a call for it answered true). */
const ready = (key: string): boolean => {
  const { calls, results } = vi.mocked(tableModel.warmSortIndex).mock;
  return calls.some(([, column], i) => column.key === key && results[i]?.value === true);
};

describe('DataGrid header intent', () => {
  it('prepares the sort of the column under the pointer and of a focused header, nothing before', async () => {
    vi.mocked(tableModel.warmSortIndex).mockClear();
    // 200 rows: no background warm-up, so only intent prepares a sort.
    const rows = orderRows(200);
    const wrapper = await mountGrid({ spec: ORDERS_SPEC, rows });
    const header = (key: string): Element => {
      const cell = wrapper.element.querySelector(`.ag-header-cell[col-id="${key}"]`);
      if (!cell) throw new Error(`no header of ${key}`);
      return cell;
    };
    await warmupHadItsTurn();
    expect(prepared()).toEqual([]);

    header('note').querySelector('.ag-header-cell-label')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await until(() => ready('note'), 'the Note column prepared');
    expect(new Set(prepared())).toEqual(new Set(['note']));

    header('amount').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await until(() => ready('amount'), 'the Amount column prepared');
    expect(new Set(prepared())).toEqual(new Set(['note', 'amount']));
    wrapper.unmount();
  });
});
