/**
 * Column widths of `SimpleTable` from its content: a sample of each shown column's formatted cells,
 * its footer text and its header are measured once (canvas `measureText` with the fonts the table
 * is drawn in; a character-count estimate during server rendering, in DOMs without canvas and
 * before mount), and the core's `fitColumnWidths` shares the table's width among them.
 *
 * Measuring costs a sample, not the rows: the first and spread rows of `sampleRowIndices`, plus the
 * rows holding each numeric column's largest and smallest value (one read per row, no formatting,
 * found in background tasks after the first frame so the first render does not wait for it);
 * every row of a small table that draws them all (`sampleAll`). Cached per rows array, column,
 * format and locale. Widths follow the table's width (a
 * `ResizeObserver`), the reader's widths and the shown columns without measuring again.
 *
 * @module
 */
import { computed, nextTick, onBeforeUnmount, onMounted, shallowRef, toValue, watch } from 'vue';
import type { ComputedRef, MaybeRefOrGetter, Ref, ShallowRef } from 'vue';
import type { Column, FormatOptions, Row } from '../../src/core/types';
import { cssWidthToPx, fitColumnWidths, isNumericColumn, labelWords, numericExtremeRows, sampleColumnTexts, sampleRowIndices } from '../../src/core/table-model/column-widths';
import type { ColumnWidthInput, FittedWidths } from '../../src/core/table-model/column-widths';
import { runWhenIdle } from '../../src/core/table-model/idle';
import { backgroundScheduler } from '../../composables/useTableWarmup';

/** Measures a text in the table's body font (`cell`) or header font (`header`), in CSS pixels. */
export type MeasureText = (text: string, font: 'cell' | 'header') => number;

/** Sizes around the texts, and the bases of relative spec widths, in CSS pixels. */
interface Metrics {
  /** Horizontal padding (and borders) of a body cell. */
  cell: number;
  /** Horizontal padding of a header cell, resize handle room included. */
  header: number;
  /** The sort indicator and its gap beside a sortable header's label. */
  sort: number;
  rem: number;
  em: number;
  ch: number;
}

/**
 * The stylesheet's defaults (0.9375rem text, 0.75rem cell padding, a 0.75em indicator, room for a
 * resize handle), rounded up; once mounted, the sizes are read from the table's cells.
 */
const DEFAULT_METRICS: Metrics = { cell: 26, header: 30, sort: 17, rem: 16, em: 15, ch: 9.6 };

/**
 * Width of a text in em, by character class: deliberately on the wide side of common UI fonts,
 * since a server-rendered table keeps these widths until a browser measures (and a number must
 * not be cut).
 */
const NARROW = new Set(Array.from(' \u00a0\u202f.,:;\'’|!iljtfI()[]-', (ch) => ch.charCodeAt(0)));
const WIDE = new Set(Array.from('mwMWЖжШшЩщЮю@%—', (ch) => ch.charCodeAt(0)));

function estimateEm(text: string): number {
  let em = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) em += 0.64;
    else if (NARROW.has(code)) em += 0.36;
    else if (WIDE.has(code)) em += 0.98;
    // Capitals (Latin, Latin-1 and Cyrillic) are wider than lower case.
    else if ((code >= 65 && code <= 90) || (code >= 0xc0 && code <= 0xde) || (code >= 0x400 && code <= 0x42f)) em += 0.76;
    else em += 0.64;
  }
  return em;
}

/** The estimate `MeasureText`: the character classes above at the table's font size (headers bolder). */
export function estimateMeasurer(fontSize: number = DEFAULT_METRICS.em): MeasureText {
  return (text, font) => estimateEm(text) * fontSize * (font === 'header' ? 1.08 : 1);
}

/**
 * A `MeasureText` drawing on an `OffscreenCanvas` in the two CSS fonts given; null where there is
 * no such canvas (server, jsdom, old browsers). Digits are measured as the font's widest digit,
 * since numeric cells use tabular figures, which a canvas cannot select.
 */
export function canvasMeasurer(cellFont: string, headerFont: string): MeasureText | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  const context = new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return null;
  const widestDigit = (font: string): string => {
    context.font = font;
    let widest = '0';
    for (const digit of '0123456789') if (context.measureText(digit).width > context.measureText(widest).width) widest = digit;
    return widest;
  };
  const fonts = { cell: { font: cellFont, digit: widestDigit(cellFont) }, header: { font: headerFont, digit: widestDigit(headerFont) } };
  const cache = new Map<string, number>();
  return (text, kind) => {
    const key = `${kind === 'cell' ? 'c' : 'h'}${text}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const { font, digit } = fonts[kind];
    context.font = font;
    const width = context.measureText(text.replace(/[0-9]/gu, digit)).width;
    // Footer texts change with every search: keep the cache from growing without bound.
    if (cache.size > 10_000) cache.clear();
    cache.set(key, width);
    return width;
  };
}

/**
 * The width of the widest of `texts`. Only the texts the cheap estimate puts within a quarter of
 * the widest are measured (between two texts of one column the estimate errs far less than that),
 * so a canvas measures a handful of texts per column, not the whole sample.
 */
function widestText(texts: readonly string[], measure: MeasureText): number {
  const estimates = texts.map(estimateEm);
  const most = estimates.reduce((a, b) => Math.max(a, b), 0);
  let widest = 0;
  texts.forEach((text, i) => {
    if ((estimates[i] as number) >= most * 0.75) widest = Math.max(widest, measure(text, 'cell'));
  });
  return widest;
}

/** Options of `useSimpleTableColumnWidths`. */
export interface UseSimpleTableColumnWidthsOptions<R extends Row> {
  /** Every row (raw); sampled, never all measured. */
  rows: MaybeRefOrGetter<readonly R[]>;
  /** The shown columns, in the order shown. */
  columns: MaybeRefOrGetter<readonly Column<R>[]>;
  /** Locale and currency the cells are formatted with. */
  format: MaybeRefOrGetter<FormatOptions>;
  /** Widths the reader set (by column key), in pixels. */
  readerWidths: MaybeRefOrGetter<ReadonlyMap<string, number>>;
  /** Further texts a column shows (its footer value, set in the header's weight), by column key. */
  extraTexts: MaybeRefOrGetter<ReadonlyMap<string, string>>;
  /** Whether searchable columns hold a filter box (per-column search): such a column is at least `filterMin` wide. */
  filterBoxes: MaybeRefOrGetter<boolean>;
  /**
   * Every row is drawn (a table that is not windowed, a few hundred rows at most): measure every
   * row's cells rather than a sample, so no drawn number is wider than its column.
   */
  sampleAll: MaybeRefOrGetter<boolean>;
  /** The `<table>`: fonts and paddings are read from its cells. */
  table: Ref<HTMLElement | null>;
  /** The scroll container: its inner width is the room the columns share. */
  scroller: Ref<HTMLElement | null>;
  /** Replaces the canvas (tests); `null` forces the estimate. */
  measurer?: MeasureText | null;
}

/** What `useSimpleTableColumnWidths` returns. */
export interface UseSimpleTableColumnWidthsReturn {
  /** Widths per shown column, in the order shown. */
  fitted: ComputedRef<FittedWidths>;
  /** The narrowest the reader may make each shown column, in the order shown (a number column: its widest value). */
  mins: ComputedRef<number[]>;
  /** The room the columns share (the scroll container's inner width); null until known. */
  available: Readonly<ShallowRef<number | null>>;
  /** Whether the table is wider than its scroll container; null until known (then assume it may be). */
  overflowing: Readonly<ShallowRef<boolean | null>>;
}

/** The narrowest a column with a filter box may be: an input a few characters wide and its help button. */
const FILTER_MIN = 112;

interface ContentCache {
  /** The sampled texts of each column (by column, format and locale): formatting costs more than measuring. */
  texts: Map<string, string[]>;
  measurer: MeasureText | null;
  widths: Map<string, number>;
}

export function useSimpleTableColumnWidths<R extends Row>(options: UseSimpleTableColumnWidthsOptions<R>): UseSimpleTableColumnWidthsReturn {
  const measurer = shallowRef<MeasureText>(options.measurer ?? estimateMeasurer());
  const metrics = shallowRef<Metrics>(DEFAULT_METRICS);
  const available = shallowRef<number | null>(null);
  const overflowing = shallowRef<boolean | null>(null);
  const viewport = shallowRef<number | null>(null);

  // Per rows array: the rows of each numeric column's extremes, and the measured content widths.
  const extremes = new WeakMap<readonly R[], Map<string, number[]>>();
  const contents = new WeakMap<readonly R[], ContentCache>();
  // The widest footer text seen per column since the rows, format or fonts last changed: a search
  // that shrinks a total does not make its column jump narrower and back.
  let footerEpoch: unknown[] = [];
  let footerWidest = new Map<string, number>();

  // Bumped when a background scan has found more extremes, so the widths take them in.
  const scanned = shallowRef(0);

  function contentWidth(rows: readonly R[], column: Column<R>, format: FormatOptions, measure: MeasureText): number {
    let cache = contents.get(rows);
    if (!cache) contents.set(rows, (cache = { texts: new Map(), measurer: null, widths: new Map() }));
    if (cache.measurer !== measure) {
      cache.measurer = measure;
      cache.widths = new Map();
    }
    // Every row when all are drawn; else the sample, and the extremes once a scan found them (see
    // scanExtremes).
    const all = toValue(options.sampleAll);
    const found = !all && isNumericColumn(column) ? extremes.get(rows)?.get(column.key) : undefined;
    const key = `${column.key}\u0000${column.format}\u0000${column.align}\u0000${format.locale ?? ''}\u0000${format.currency ?? ''}\u0000${format.currencyDisplay ?? ''}\u0000${all ? 'all' : found ? 'x' : ''}`;
    const known = cache.widths.get(key);
    if (known !== undefined) return known;
    let texts = cache.texts.get(key);
    if (!texts) {
      texts = sampleColumnTexts(rows, column, format, all ? sampleRowIndices(rows.length, rows.length, 0) : sampleRowIndices(rows.length), found ?? []);
      cache.texts.set(key, texts);
    }
    cache.widths.set(key, widestText(texts, measure));
    return cache.widths.get(key) as number;
  }

  const inputs = computed<ColumnWidthInput[]>(() => {
    void scanned.value;
    const rows = toValue(options.rows);
    const columns = toValue(options.columns);
    const format = toValue(options.format);
    const readers = toValue(options.readerWidths);
    const extra = toValue(options.extraTexts);
    const filters = toValue(options.filterBoxes);
    const measure = measurer.value;
    const m = metrics.value;
    const epoch = [rows, format.locale, format.currency, format.currencyDisplay, measure];
    if (epoch.some((part, i) => part !== footerEpoch[i])) {
      footerEpoch = epoch;
      footerWidest = new Map();
    }
    const base = { rem: m.rem, em: m.em, ch: m.ch, available: available.value, viewport: viewport.value };
    return columns.map((column) => {
      const footer = extra.get(column.key);
      let widestFooter = footerWidest.get(column.key) ?? 0;
      // Footer cells are set in the header's weight.
      if (footer) widestFooter = Math.max(widestFooter, measure(footer, 'header'));
      footerWidest.set(column.key, widestFooter);
      const content = Math.max(contentWidth(rows, column, format, measure), widestFooter);
      const around = m.header + (column.sortable ? m.sort : 0);
      const label = String(column.label);
      const word = Math.max(...labelWords(label).map((w) => measure(w, 'header'))) + around;
      // A spec width is the column's least width, as in the data grid: its content may widen it
      // (a spec written for another font must not cut a date), nothing narrows it. The reader's own
      // width is exact (a reader who narrows a column chose to cut its text).
      const specWidth = cssWidthToPx(column.width, base);
      return {
        fixed: readers.get(column.key) ?? null,
        least: specWidth,
        numeric: isNumericColumn(column),
        content: content > 0 ? content + m.cell : 0,
        header: measure(label, 'header') + around,
        headerWord: filters && column.searchable ? Math.max(word, FILTER_MIN) : word,
      };
    });
  });

  const fitted = computed(() => fitColumnWidths(inputs.value, available.value));
  const mins = computed(() => fitted.value.mins);

  /** Fonts and paddings as drawn: read from a header cell, a body cell and a sort indicator. */
  function readMetrics(): void {
    const table = options.table.value;
    const view = table?.ownerDocument.defaultView;
    if (!table || !view) return;
    const style = (el: Element) => view.getComputedStyle(el);
    const px = (value: string) => Number.parseFloat(value) || 0;
    const horizontal = (s: CSSStyleDeclaration) => px(s.paddingLeft) + px(s.paddingRight) + px(s.borderLeftWidth) + px(s.borderRightWidth);
    const font = (s: CSSStyleDeclaration) => `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const tableStyle = style(table);
    const th = table.querySelector('th.gv-table__header');
    const td = table.querySelector('td.gv-table__cell');
    const label = table.querySelector('.gv-sort-button__label, .gv-table__header-label');
    const indicator = table.querySelector('.gv-sort-button__indicator');
    const em = px(tableStyle.fontSize) || DEFAULT_METRICS.em;
    const cellStyle = td ? style(td) : th ? style(th) : null;
    const headerStyle = th ? style(th) : null;
    const sort = indicator && indicator.parentElement ? indicator.getBoundingClientRect().width + px(style(indicator.parentElement).columnGap) : DEFAULT_METRICS.sort;
    const cellFont = font(tableStyle);
    const headerFont = font(label ? style(label) : (headerStyle ?? tableStyle));
    const measured = canvasMeasurer(cellFont, headerFont);
    // What the fonts draw: a web font that arrived since the last reading changes it.
    const probe = measured ? `${measured('0123456789 AaБбЖж', 'cell')}\u0000${measured('0123456789 AaБбЖж', 'header')}` : '';
    const next: Metrics = {
      cell: (cellStyle ? horizontal(cellStyle) : DEFAULT_METRICS.cell) + 2,
      header: (headerStyle ? horizontal(headerStyle) : DEFAULT_METRICS.header) + 2,
      sort: sort > 0 ? sort : DEFAULT_METRICS.sort,
      rem: px(style(table.ownerDocument.documentElement).fontSize) || DEFAULT_METRICS.rem,
      em,
      ch: measured ? measured('0', 'cell') : 0.6 * em,
    };
    const reading = `${cellFont}\u0000${headerFont}\u0000${probe}\u0000${Object.values(next).join(' ')}`;
    // Nothing changed (the usual case when fonts finish loading): keep every measurement.
    if (reading === lastReading) return;
    lastReading = reading;
    metrics.value = next;
    if (options.measurer === undefined) measurer.value = measured ?? estimateMeasurer(em);
  }

  function readRoom(): void {
    const scroller = options.scroller.value;
    if (!scroller) return;
    const width = scroller.clientWidth;
    available.value = width > 0 ? width : null;
    viewport.value = scroller.ownerDocument.documentElement.clientWidth || null;
    overflowing.value = scroller.scrollWidth > scroller.clientWidth + 1;
  }

  /**
   * Finds the largest and smallest value of each shown number column (one read of every row per
   * column) in background tasks queued after the next frame: the first render draws the sampled
   * widths at once, and a column widens when its extremes need it. Never on the server: it renders
   * the first rows only, which the sample holds.
   */
  let cancelScan: (() => void) | null = null;
  function scanExtremes(): void {
    const view = options.table.value?.ownerDocument.defaultView;
    if (!view || toValue(options.sampleAll)) return;
    const rows = toValue(options.rows);
    let byKey = extremes.get(rows);
    if (!byKey) extremes.set(rows, (byKey = new Map()));
    const known = byKey;
    const missing = toValue(options.columns).filter((column) => isNumericColumn(column) && !known.has(column.key));
    if (missing.length === 0) return;
    cancelScan?.();
    let cancelled = false;
    let cancelTasks: (() => void) | null = null;
    const start = () => {
      if (cancelled) return;
      // A task per column (a few milliseconds each at 100,000 rows), after the frame.
      cancelTasks = runWhenIdle(
        missing.map((column) => () => {
          if (!known.has(column.key)) known.set(column.key, numericExtremeRows(rows, column.key));
        }),
        backgroundScheduler(view),
        () => {
          cancelScan = null;
          scanned.value += 1;
        },
      );
    };
    // Queued from the next animation frame, so the tasks run after that frame is drawn.
    const frame = typeof view.requestAnimationFrame === 'function' ? view.requestAnimationFrame(start) : null;
    if (frame === null) start();
    cancelScan = () => {
      cancelled = true;
      if (frame !== null) view.cancelAnimationFrame(frame);
      cancelTasks?.();
    };
  }

  let lastReading = '';
  let observer: ResizeObserver | null = null;
  onMounted(() => {
    scanExtremes();
    watch([() => toValue(options.rows), () => toValue(options.columns), () => toValue(options.sampleAll)], scanExtremes);
    void nextTick(() => {
      readMetrics();
      readRoom();
      const fonts = options.table.value?.ownerDocument.fonts;
      // A web font that arrives later draws other widths: measure again once fonts are in.
      if (fonts && fonts.status !== 'loaded') void fonts.ready.then(readMetrics);
    });
    const scroller = options.scroller.value;
    if (scroller && typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(readRoom);
      observer.observe(scroller);
      // The table's own size changes with its content (a search, a shown column) in automatic layout.
      if (options.table.value) observer.observe(options.table.value);
    }
  });
  onBeforeUnmount(() => {
    observer?.disconnect();
    observer = null;
    cancelScan?.();
    cancelScan = null;
  });

  return { fitted, mins, available, overflowing };
}
