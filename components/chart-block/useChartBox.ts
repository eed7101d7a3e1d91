/**
 * `useChartBox`: what `ChartBlock` follows of its box while mounted: whether the box has a size yet
 * (the chart is created only then), its width (the option is built for it), the reader's
 * `prefers-reduced-motion`, and, while the wanted theme is `auto`, the page's theme switch and
 * colour scheme (`chart-theme.ts`). Internal to `ChartBlock` (not exported by the package).
 *
 * @module
 */
import { onBeforeUnmount, onMounted, shallowRef, watch } from 'vue';
import type { Ref, ShallowRef } from 'vue';
import type { ChartTheme } from '../../src/plugin-context';
import { followAutoTheme } from '../chart-theme';
import type { ResolvedChartTheme } from '../chart-theme';

/** What `useChartBox` returns. Before mount (and on the server) every value is its default. */
export interface UseChartBoxReturn {
  /** True once the box has a width and a height (at once without `ResizeObserver`). */
  ready: Readonly<ShallowRef<boolean>>;
  /** The box's width in 8 px steps once mounted; null before. */
  boxWidth: Readonly<ShallowRef<number | null>>;
  /** The reader asked for less motion (`prefers-reduced-motion: reduce`), followed live. */
  reducedMotion: Readonly<ShallowRef<boolean>>;
  /** The theme `auto` resolves to: light until mounted, then the page's switch or colour scheme. */
  autoTheme: Readonly<ShallowRef<ResolvedChartTheme>>;
}

/** Width steps the option is rebuilt at: a window dragged wider rebuilds it a few times, not per pixel. */
const WIDTH_STEP_PX = 8;

function hasSize(el: HTMLElement): boolean {
  return el.clientWidth > 0 && el.clientHeight > 0;
}

/**
 * Follows the chart box `host` from mount to unmount; see the module comment. Everything it
 * subscribes to (observers, the media query, the shared theme observer) is released on unmount.
 *
 * Edge cases: a box without a size (a hidden tab, a collapsed cell) waits for one; a width of 0 is
 * ignored (the last width is kept); without `matchMedia` motion is not reduced; a theme forced to
 * light or dark subscribes to nothing, and one switched to `auto` later starts following then.
 */
export function useChartBox(host: Readonly<Ref<HTMLElement | null>>, wantedTheme: Readonly<Ref<ChartTheme>>): UseChartBoxReturn {
  const ready = shallowRef(false);
  const boxWidth = shallowRef<number | null>(null);
  const reducedMotion = shallowRef(false);
  const autoTheme = shallowRef<ResolvedChartTheme>('light');

  let sizeObserver: ResizeObserver | null = null;
  let widthObserver: ResizeObserver | null = null;
  let motionQuery: MediaQueryList | null = null;
  const onMotionChange = (event: MediaQueryListEvent): void => {
    reducedMotion.value = event.matches;
  };
  /** Stops following the automatic theme; set only while the wanted theme is `auto`. */
  let stopAutoTheme: (() => void) | null = null;
  let stopThemeWatch: (() => void) | null = null;

  /** Keeps `boxWidth` at the box's width, rounded to `WIDTH_STEP_PX`. */
  function followWidth(el: HTMLElement): void {
    const update = (width: number): void => {
      if (width <= 0) return;
      const stepped = Math.round(width / WIDTH_STEP_PX) * WIDTH_STEP_PX;
      if (stepped !== boxWidth.value) boxWidth.value = stepped;
    };
    update(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    widthObserver = new ResizeObserver((entries) => update(entries[0]?.contentRect.width ?? 0));
    widthObserver.observe(el);
  }

  /** Follows `prefers-reduced-motion`, also when the reader changes it while the page is open. */
  function followMotionPreference(): void {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    motionQuery = window.matchMedia('(prefers-reduced-motion: reduce)');
    reducedMotion.value = motionQuery.matches;
    motionQuery.addEventListener?.('change', onMotionChange);
  }

  function waitForSize(el: HTMLElement): void {
    if (hasSize(el) || typeof ResizeObserver === 'undefined') {
      ready.value = true;
      return;
    }
    sizeObserver = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box && box.width > 0 && box.height > 0) {
        ready.value = true;
        sizeObserver?.disconnect();
        sizeObserver = null;
      }
    });
    sizeObserver.observe(el);
  }

  /**
   * Follows the page's theme only while it is wanted: a chart forced to light or dark subscribes to
   * nothing, and one switched to `auto` later (the plugin's `configure`) starts following then. The
   * ECharts instance is kept: vue-echarts applies a new theme with `setTheme`, not a re-init.
   */
  function followThemeWhileAuto(el: HTMLElement): void {
    stopThemeWatch = watch(
      wantedTheme,
      (wanted) => {
        if (wanted === 'auto') {
          stopAutoTheme ??= followAutoTheme(el, (theme) => {
            autoTheme.value = theme;
          });
        } else {
          stopAutoTheme?.();
          stopAutoTheme = null;
        }
      },
      { immediate: true },
    );
  }

  onMounted(() => {
    const el = host.value;
    if (!el) return;
    followThemeWhileAuto(el);
    followMotionPreference();
    waitForSize(el);
    followWidth(el);
  });

  onBeforeUnmount(() => {
    sizeObserver?.disconnect();
    sizeObserver = null;
    widthObserver?.disconnect();
    widthObserver = null;
    motionQuery?.removeEventListener?.('change', onMotionChange);
    motionQuery = null;
    stopThemeWatch?.();
    stopThemeWatch = null;
    stopAutoTheme?.();
    stopAutoTheme = null;
  });

  return { ready, boxWidth, reducedMotion, autoTheme };
}
