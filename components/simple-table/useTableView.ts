/**
 * `useTableView`: the rows a table shows (searched, then sorted), as row indices. A large table
 * whose search caches are not built yet answers in steps (`visibleRowsInSteps`): the first rows of
 * the result now, so the very first keystroke draws them at once, the rest right after that frame
 * in short slices that yield to input (before background work such as the warm-up); a newer change
 * cancels the rest. Everything else answers at once.
 *
 * The search and sort code is downloaded on demand (`useTableEngine`): with nothing to search or
 * sort the view is the rows in their order and needs none of it. A change that needs it before it
 * has arrived leaves the rows as they are, marked incomplete (the pending state of a slow answer),
 * and is answered with the state as it is then once the code is there: no click or keystroke is
 * lost, and the result is the one the code would have given at once. The first answer of a table
 * that starts with a search (or sections) shows no rows until then.
 *
 * @module
 */
import { onBeforeUnmount, onServerPrefetch, shallowRef, watch } from 'vue';
import type { Ref, ShallowRef } from 'vue';
import type { Row } from '../../src/core/types';
import type { SortState, TableFilter } from '../../src/core/table-model/types';
import { filterHasText } from '../../src/core/table-model/shared';
import { runWhenIdle } from '../../src/core/table-model/idle';
import { backgroundScheduler } from '../../composables/useTableWarmup';
import type { SimpleTableContext } from './context';

/**
 * Rows found before the table draws: the screenful of a table up to about 1,400 px tall (a
 * windowed table draws no overscan while the answer is incomplete, see useSimpleTableWindow). A
 * taller one shows its last rows a frame later. Fewer rows to find is less to look at before the
 * first frame: a query matching one row in 16 needs about 640.
 */
const FIRST_ROWS = 40;
/** Length of one slice of the rest (as the warm-up's). */
const SLICE_MS = 8;

/** What `useTableView` returns. */
export interface UseTableViewReturn {
  /** Row indices of what the table shows, in order; while `complete` is false, the beginning of it. */
  indices: Readonly<ShallowRef<Uint32Array>>;
  /**
   * False while the rest of a stepwise answer is still being found, or while the search and sort
   * code the answer needs is being downloaded.
   */
  complete: Readonly<ShallowRef<boolean>>;
  /**
   * Finds the rest now (exports need all rows) and returns the whole answer. While the code is
   * being downloaded it returns the rows as shown; see `whenReady`.
   */
  finish(): Uint32Array;
  /** Resolves once the code the current state needs is there (at once when it needs none). */
  whenReady(): Promise<void>;
}

/** Whether `state` needs the search and sort code. */
function stateNeedsEngine(filter: TableFilter, sort: SortState | null): boolean {
  return sort !== null || filterHasText(filter) || Object.values(filter.values ?? {}).some((model) => model !== null && model !== undefined);
}

/** `0 … count - 1`: the rows in their own order. */
function identity(count: number): Uint32Array {
  const all = new Uint32Array(count);
  for (let i = 0; i < count; i++) all[i] = i;
  return all;
}

/**
 * The view of a table (its rows and columns, raw; its format, the locale and currency of the search
 * texts and the sort; its engine, asked for whenever the view needs it and awaited by server
 * rendering), recomputed when rows, columns, `filter`, `sort` or format change (before the next
 * render). `element` is an element of the table, whose window schedules the background slices;
 * `stepwise` says whether to answer in steps when the caches are cold (large, windowed tables);
 * `needsEngine` whether the rows cannot be drawn without the code even with nothing to search or
 * sort (sections). Edge cases: without a window (SSR) or when not `stepwise` the answer is always
 * complete at once; an unmount cancels the rest.
 */
export function useTableView<R extends Row>(
  table: SimpleTableContext<R>,
  filter: Readonly<Ref<TableFilter>>,
  sort: Readonly<Ref<SortState | null>>,
  element: Readonly<Ref<HTMLElement | null>>,
  stepwise: () => boolean,
  needsCode: () => boolean,
): UseTableViewReturn {
  const { engine, request, ready } = table.engine;
  const indices = shallowRef<Uint32Array>(new Uint32Array(0));
  const complete = shallowRef(true);
  let cancel: (() => void) | null = null;
  let finishNow: (() => void) | null = null;
  /** The rows array `indices` index into (null before the first answer). */
  let shownRows: readonly R[] | null = null;
  /** The rows array `indices` holds in its own order (`identity`), else null. */
  let inOrder: readonly R[] | null = null;

  const needsEngine = (): boolean => needsCode() || stateNeedsEngine(filter.value, sort.value);

  const compute = (): void => {
    cancel?.();
    cancel = null;
    finishNow = null;
    const rows = table.rows.value;
    const columns = table.columns.value;
    const state = { filter: filter.value, sort: sort.value };
    const format = table.format.value;
    const code = engine.value;
    if (!needsEngine()) {
      // The rows in their order, with or without the code; kept when the code merely arrived, so
      // its arrival does not redraw an unsorted, unsearched table.
      if (!(inOrder === rows && complete.value)) indices.value = identity(rows.length);
      complete.value = true;
      shownRows = rows;
      inOrder = rows;
      return;
    }
    inOrder = null;
    if (code === null) {
      // Pending until the code arrives (the watch on `engine` answers then): the rows stay as they
      // are; there are none yet for a first answer (or new rows), as the order is not known.
      if (shownRows !== rows) indices.value = new Uint32Array(0);
      shownRows = rows;
      complete.value = false;
      request();
      return;
    }
    shownRows = rows;
    const view = element.value?.ownerDocument.defaultView;
    if (!stepwise() || !view) {
      indices.value = code.visibleRowIndices(rows, columns, state, format);
      complete.value = true;
      return;
    }
    const steps = code.visibleRowsInSteps(rows, columns, state, format);
    const done = steps.advance(FIRST_ROWS);
    indices.value = steps.found;
    complete.value = done;
    if (done) return;
    const settle = (): void => {
      cancel = null;
      finishNow = null;
      indices.value = steps.found;
      complete.value = true;
    };
    finishNow = () => {
      cancel?.();
      steps.advance(Number.POSITIVE_INFINITY);
      settle();
    };
    // The frame with the first rows goes first; right after it the rest, before background work
    // (the warm-up), in slices that yield to input.
    let pending: (() => void) | null = null;
    const rest = (): void => {
      pending = runWhenIdle([(budget) => steps.advance(0, budget)], backgroundScheduler(view, 'user-visible'), settle, { sliceMs: SLICE_MS });
    };
    if (typeof view.requestAnimationFrame !== 'function') {
      rest();
      cancel = () => pending?.();
      return;
    }
    const frame = view.requestAnimationFrame(rest);
    cancel = () => {
      view.cancelAnimationFrame(frame);
      pending?.();
    };
  };

  watch([table.rows, table.columns, filter, sort, table.format, stepwise, engine, needsCode], compute, { immediate: true });
  // Server rendering has no watchers after setup: it waits for the code here and answers again.
  onServerPrefetch(async () => {
    if (engine.value !== null || !needsEngine()) return;
    await ready();
    compute();
  });
  onBeforeUnmount(() => {
    cancel?.();
    cancel = null;
  });

  return {
    indices,
    complete,
    finish: () => {
      // The code arrived but the watch has not answered yet: answer now.
      if (!complete.value && finishNow === null) compute();
      finishNow?.();
      return indices.value;
    },
    whenReady: async () => {
      if (engine.value === null && needsEngine()) await ready();
    },
  };
}
