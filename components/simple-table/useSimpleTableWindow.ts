/**
 * The windowed body of `SimpleTable`: which slice of the visible rows is in the DOM, and how tall
 * the spacer rows above and below it are, so the scrollbar stays honest while only the rows on
 * screen (plus an overscan) exist as elements.
 *
 * Rows have one fixed height (the `--gv-table-row-height` custom property), measured once from the
 * first rendered row; until then (and in DOM-less tests) `fallbackRowHeight` is used.
 *
 * While the rows are a first answer still being completed (`settled` false: a search or sort of a
 * large table answered in steps), the overscan (rows beyond the screen, there so that scrolling
 * never shows blank space) is left out: the first frame after the change draws only what the
 * reader sees, sooner. The overscan rows come with the complete answer, or at the first scroll.
 *
 * @module
 */
import { computed, nextTick, onBeforeUnmount, onMounted, ref, toValue, watch } from 'vue';
import type { ComputedRef, MaybeRefOrGetter, Ref } from 'vue';

/** Options of `useSimpleTableWindow`. */
export interface UseSimpleTableWindowOptions {
  /** How many rows the table shows (after search). */
  count: MaybeRefOrGetter<number>;
  /** False renders every row (small tables). */
  enabled: MaybeRefOrGetter<boolean>;
  /** Rows rendered beyond each edge of the viewport; default 10. */
  overscan?: MaybeRefOrGetter<number>;
  /** Row height in pixels before one is measured; default 36. */
  fallbackRowHeight?: number;
  /** Viewport height in pixels when the container reports none (jsdom); default 480. */
  fallbackViewportHeight?: MaybeRefOrGetter<number>;
  /** Selector of a rendered body row inside the container, measured once. */
  rowSelector?: string;
  /** Selector of the header whose height precedes the first body row. */
  headSelector?: string;
  /**
   * False while the rows are the beginning of an answer still being completed: no overscan then,
   * until the answer is complete or the reader scrolls. Default: always settled.
   */
  settled?: MaybeRefOrGetter<boolean>;
}

/** What `useSimpleTableWindow` returns. */
export interface UseSimpleTableWindowReturn {
  /** First visible-row position in the DOM (inclusive). */
  start: ComputedRef<number>;
  /** Last visible-row position in the DOM (exclusive). */
  end: ComputedRef<number>;
  /** Pixel height of the spacer above the rendered rows. */
  topSpace: ComputedRef<number>;
  /** Pixel height of the spacer below the rendered rows. */
  bottomSpace: ComputedRef<number>;
  /** The row height in use (measured or fallback). */
  rowHeight: Ref<number>;
  /** Scroll handler for the container. */
  onScroll: () => void;
  /** Scrolls the container back to the top (after a new sort or search). */
  scrollToTop: () => void;
  /** Measures row and header height now (called once after mount; call again after a style change). */
  measure: () => void;
}

/**
 * Tracks the scroll position of `container` and derives the rendered slice.
 *
 * Edge cases: with `enabled` false the slice is everything and the spacers are 0; a count of 0
 * gives an empty slice; a scroll position past the end (after the rows shrank) is clamped so the
 * last rows are still rendered.
 */
export function useSimpleTableWindow(container: Ref<HTMLElement | null>, options: UseSimpleTableWindowOptions): UseSimpleTableWindowReturn {
  const scrollTop = ref(0);
  const rowHeight = ref(options.fallbackRowHeight ?? 36);
  const headHeight = ref(0);
  const viewportHeight = ref(0);
  let measured = false;
  let observer: ResizeObserver | null = null;

  const viewport = computed(() => (viewportHeight.value > 0 ? viewportHeight.value : toValue(options.fallbackViewportHeight) || 480));
  /** Whether the reader scrolled since the last jump to the top (the overscan is drawn then, settled or not). */
  const scrolled = ref(false);
  const overscan = computed(() => (toValue(options.settled) === false && !scrolled.value ? 0 : Math.max(0, Math.floor(toValue(options.overscan) ?? 10))));

  const range = computed(() => {
    const count = Math.max(0, toValue(options.count));
    if (!toValue(options.enabled)) return { start: 0, end: count };
    const height = rowHeight.value;
    const perScreen = Math.ceil(viewport.value / height) + 1;
    const firstOnScreen = Math.floor(Math.max(0, scrollTop.value - headHeight.value) / height);
    const start = Math.max(0, Math.min(firstOnScreen - overscan.value, count - perScreen - overscan.value));
    const end = Math.min(count, firstOnScreen + perScreen + overscan.value);
    return { start: Math.min(start, end), end };
  });

  const start = computed(() => range.value.start);
  const end = computed(() => range.value.end);
  const topSpace = computed(() => range.value.start * rowHeight.value);
  const bottomSpace = computed(() => Math.max(0, toValue(options.count) - range.value.end) * rowHeight.value);

  function readViewport(): void {
    const el = container.value;
    if (el) viewportHeight.value = el.clientHeight;
  }

  function measure(): void {
    const el = container.value;
    if (!el) return;
    readViewport();
    const head = options.headSelector ? el.querySelector<HTMLElement>(options.headSelector) : null;
    if (head) headHeight.value = head.getBoundingClientRect().height;
    const row = options.rowSelector ? el.querySelector<HTMLElement>(options.rowSelector) : null;
    const height = row ? row.getBoundingClientRect().height : 0;
    if (height > 0) {
      rowHeight.value = height;
      measured = true;
    }
  }

  function onScroll(): void {
    const el = container.value;
    // Setting a ref is cheap and Vue batches the re-render, so no requestAnimationFrame is needed.
    if (!el) return;
    scrollTop.value = el.scrollTop;
    // The event of `scrollToTop` itself (back at 0) is not the reader's.
    if (el.scrollTop > 0) scrolled.value = true;
  }

  function scrollToTop(): void {
    const el = container.value;
    // Writing scrollTop makes the browser lay the page out first: skip it when the table is at the
    // top already (`scrollTop` follows every scroll event).
    if (el && scrollTop.value !== 0) el.scrollTop = 0;
    scrollTop.value = 0;
    scrolled.value = false;
  }

  onMounted(() => {
    void nextTick(() => {
      if (toValue(options.enabled)) measure();
    });
    const el = container.value;
    if (el && typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => readViewport());
      observer.observe(el);
    }
  });

  // A table that grows past the windowing threshold is measured on its first windowed render.
  watch(
    () => toValue(options.enabled),
    (enabled) => {
      if (enabled && !measured) void nextTick(measure);
    },
  );

  onBeforeUnmount(() => {
    observer?.disconnect();
    observer = null;
  });

  return { start, end, topSpace, bottomSpace, rowHeight, onScroll, scrollToTop, measure };
}
