import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useDataGridLoading } from '../../components/data-grid/useDataGridLoading';

describe('useDataGridLoading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start() {
    const blocks = ref(0);
    const stopped = ref(false);
    const scope = effectScope();
    const { phase } = scope.run(() => useDataGridLoading({ blocks, stopped }))!;
    return { blocks, stopped, phase, scope };
  }

  it('says nothing for a load that ends quickly, "loading" after 150 ms and "slow" after a second', async () => {
    const { blocks, phase, scope } = start();
    blocks.value = 1;
    await nextTick();
    vi.advanceTimersByTime(100);
    expect(phase.value).toBe('idle');
    blocks.value = 0;
    await nextTick();
    vi.advanceTimersByTime(2000);
    expect(phase.value).toBe('idle');
    blocks.value = 2;
    await nextTick();
    vi.advanceTimersByTime(200);
    expect(phase.value).toBe('loading');
    // Another block of the same load does not start the clock again.
    blocks.value = 3;
    await nextTick();
    vi.advanceTimersByTime(850);
    expect(phase.value).toBe('slow');
    blocks.value = 0;
    await nextTick();
    expect(phase.value).toBe('idle');
    scope.stop();
  });

  it('stays "stopped" until a new block is asked for, and clears its timers when its scope ends', async () => {
    const { blocks, stopped, phase, scope } = start();
    blocks.value = 1;
    await nextTick();
    stopped.value = true;
    blocks.value = 0;
    await nextTick();
    vi.advanceTimersByTime(5000);
    expect(phase.value).toBe('stopped');
    stopped.value = false;
    blocks.value = 1;
    await nextTick();
    vi.advanceTimersByTime(1200);
    expect(phase.value).toBe('slow');
    blocks.value = 0;
    await nextTick();
    blocks.value = 1;
    await nextTick();
    scope.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
