/**
 * What a DataGrid over a remote row source says while its blocks load: nothing for a load that ends
 * quickly (a progress bar that flashes for 80 ms reads as a glitch), "Loading rows…" with a moving
 * bar after `showAfterMs`, and after `slowAfterMs` that it is still loading, with a way to stop.
 *
 * @module
 */
import { onScopeDispose, ref, watch } from 'vue';
import type { Ref } from 'vue';

/** Where a load stands, as the grid shows it. */
export type DataGridLoadingPhase = 'idle' | 'loading' | 'slow' | 'stopped';

/** Options of `useDataGridLoading`. */
export interface UseDataGridLoadingOptions {
  /** Blocks asked for and not answered yet. */
  blocks: Readonly<Ref<number>>;
  /** True after the reader stopped a load, until the rows are asked for again. */
  stopped: Readonly<Ref<boolean>>;
  /** A load that lasts this long is shown. Default 150 ms. */
  showAfterMs?: number;
  /** A load that lasts this long is called slow and can be stopped. Default 1,000 ms. */
  slowAfterMs?: number;
}

/**
 * The loading phase of a grid (see the module comment). `stopped` wins over everything until a new
 * block is asked for; a load that ends before `showAfterMs` never leaves `idle`. Timers are cleared
 * when the load ends and when the calling scope is disposed.
 */
export function useDataGridLoading(options: UseDataGridLoadingOptions): { phase: Readonly<Ref<DataGridLoadingPhase>> } {
  const showAfter = options.showAfterMs ?? 150;
  const slowAfter = options.slowAfterMs ?? 1000;
  const phase = ref<DataGridLoadingPhase>('idle');
  let timers: ReturnType<typeof setTimeout>[] = [];
  const clear = (): void => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
  };
  watch(
    () => [options.blocks.value > 0, options.stopped.value] as const,
    ([busy, stopped], before) => {
      if (stopped) {
        clear();
        phase.value = 'stopped';
        return;
      }
      if (!busy) {
        clear();
        phase.value = 'idle';
        return;
      }
      // Still the same load (another block of it): its timers run on.
      if (before?.[0] === true && phase.value !== 'stopped') return;
      clear();
      phase.value = 'idle';
      timers.push(
        setTimeout(() => {
          if (phase.value === 'idle') phase.value = 'loading';
        }, showAfter),
        setTimeout(() => {
          phase.value = 'slow';
        }, slowAfter),
      );
    },
    { immediate: true },
  );
  onScopeDispose(clear);
  return { phase };
}
