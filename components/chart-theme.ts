/**
 * Which colour scheme a chart with `chartTheme: 'auto'` draws in, and how it keeps following it.
 *
 * The rule is the stylesheet's (src/style.css): the nearest element at or above the chart carrying
 * `data-gv-theme="dark|light"` or the class `gv-theme-dark|gv-theme-light` decides; without one the
 * reader's `prefers-color-scheme` does; without `matchMedia` (old engines, tests) it is light.
 *
 * Following is shared: every chart of a document subscribes to ONE `MutationObserver` on that
 * document (attributes `data-gv-theme` and `class`, whole subtree) and ONE `prefers-color-scheme`
 * listener, both reference-counted and removed when the last chart unsubscribes. A page with twelve
 * charts therefore has one observer, not twelve, and class churn that does not touch a `gv-theme-*`
 * class (hover states and the like) costs one string check per record and no chart work.
 *
 * Nothing here runs at import time and nothing touches a browser global until a chart subscribes
 * (which ChartBlock does in `onMounted`), so the module is safe to import on the server.
 *
 * @module
 */

/** The two themes a chart is actually drawn in. */
export type ResolvedChartTheme = 'light' | 'dark';

/** Listener called with the theme a chart should use now. */
export type AutoThemeListener = (theme: ResolvedChartTheme) => void;

const SWITCH_SELECTOR = '[data-gv-theme="dark"], [data-gv-theme="light"], .gv-theme-dark, .gv-theme-light';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const THEME_CLASS_PREFIX = 'gv-theme-';

/**
 * The theme forced by a switch on `el` or its nearest switched ancestor, or null when none is set.
 * A `data-gv-theme` with another value (e.g. `"auto"`) is no switch, as in the stylesheet, and the
 * search goes on upwards. On one element the attribute wins over a class.
 */
export function themeSwitchOf(el: Element): ResolvedChartTheme | null {
  const switched = el.closest(SWITCH_SELECTOR);
  if (!switched) return null;
  const attr = switched.getAttribute('data-gv-theme');
  if (attr === 'dark' || attr === 'light') return attr;
  return switched.classList.contains('gv-theme-dark') ? 'dark' : 'light';
}

// --- prefers-color-scheme, shared ---------------------------------------------------------------

interface SchemeWatch {
  readonly query: MediaQueryList;
  /** Last known answer; taken from the change event, which is authoritative when it fires. */
  dark: boolean;
  readonly onChange: (event: MediaQueryListEvent) => void;
}

let scheme: SchemeWatch | null = null;

function matchMediaOf(): ((query: string) => MediaQueryList) | null {
  const win = typeof window === 'undefined' ? undefined : window;
  return win && typeof win.matchMedia === 'function' ? win.matchMedia.bind(win) : null;
}

/** Whether the system prefers dark now: the shared watch when there is one, else a fresh query. */
function systemPrefersDark(): boolean {
  if (scheme) return scheme.dark;
  return matchMediaOf()?.(DARK_QUERY).matches ?? false;
}

/**
 * The theme a chart on `el` should use for `auto`: a switch on an ancestor wins over the system
 * preference; light when neither says anything.
 */
export function resolveAutoTheme(el: Element): ResolvedChartTheme {
  return themeSwitchOf(el) ?? (systemPrefersDark() ? 'dark' : 'light');
}

// --- subscriptions ------------------------------------------------------------------------------

interface RootWatch {
  readonly observer: MutationObserver;
  readonly checks: Set<() => void>;
}

/** Every live subscription's re-check, to run on a system scheme change. */
const allChecks = new Set<() => void>();
/** One observer per tree root (the document, or a shadow root), shared by the charts in it. */
const roots = new Map<Node, RootWatch>();

function touchesThemeSwitch(records: readonly MutationRecord[]): boolean {
  for (const record of records) {
    if (record.attributeName === 'data-gv-theme') return true;
    if (record.attributeName !== 'class') continue;
    // Only a class change that adds or removes a gv-theme-* class can move the theme.
    if (record.oldValue?.includes(THEME_CLASS_PREFIX)) return true;
    const target = record.target as Element;
    if (typeof target.className === 'string' && target.className.includes(THEME_CLASS_PREFIX)) return true;
  }
  return false;
}

function startScheme(): void {
  if (scheme) return;
  const matchMedia = matchMediaOf();
  if (!matchMedia) return;
  const query = matchMedia(DARK_QUERY);
  const watch: SchemeWatch = {
    query,
    dark: query.matches,
    onChange: (event) => {
      watch.dark = event.matches;
      for (const check of [...allChecks]) check();
    },
  };
  // Very old Safari has only addListener; it lacks addEventListener on MediaQueryList.
  query.addEventListener?.('change', watch.onChange);
  scheme = watch;
}

function stopSchemeIfUnused(): void {
  if (!scheme || allChecks.size > 0) return;
  scheme.query.removeEventListener?.('change', scheme.onChange);
  scheme = null;
}

function startRoot(root: Node, check: () => void): void {
  const existing = roots.get(root);
  if (existing) {
    existing.checks.add(check);
    return;
  }
  if (typeof MutationObserver === 'undefined') return;
  const checks = new Set<() => void>([check]);
  const observer = new MutationObserver((records) => {
    if (!touchesThemeSwitch(records)) return;
    for (const each of [...checks]) each();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-gv-theme', 'class'], attributeOldValue: true, subtree: true });
  roots.set(root, { observer, checks });
}

function stopRoot(root: Node, check: () => void): void {
  const watch = roots.get(root);
  if (!watch) return;
  watch.checks.delete(check);
  if (watch.checks.size > 0) return;
  watch.observer.disconnect();
  roots.delete(root);
}

/**
 * Calls `listener` now with the theme `el` should be drawn in for `auto`, and again whenever that
 * changes: a `data-gv-theme` or `gv-theme-*` class set, changed or removed on `el` or any ancestor
 * (or a nearer ancestor gaining one), or the system colour scheme flipping. Returns the function
 * that stops following; calling it more than once is harmless.
 *
 * Edge cases: the listener only hears real changes (never the same theme twice in a row); without
 * `MutationObserver` or `matchMedia` the missing source is simply not followed; `el` must be in its
 * final tree when this is called (its root node, the document or a shadow root, is what is
 * observed), so an element moved to another document later is not followed there.
 */
export function followAutoTheme(el: Element, listener: AutoThemeListener): () => void {
  let current: ResolvedChartTheme;
  const check = (): void => {
    const next = resolveAutoTheme(el);
    if (next === current) return;
    current = next;
    listener(next);
  };
  const root = el.getRootNode();
  allChecks.add(check);
  startScheme();
  startRoot(root, check);
  current = resolveAutoTheme(el);
  listener(current);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    allChecks.delete(check);
    stopRoot(root, check);
    stopSchemeIfUnused();
  };
}

/**
 * How many charts follow the automatic theme and through how many observers; for tests and
 * diagnostics. `observers` is 0 or 1 per document (or shadow root) with charts in it.
 */
export function autoThemeFollowers(): { charts: number; observers: number; schemeListener: boolean } {
  return { charts: allChecks.size, observers: roots.size, schemeListener: scheme !== null };
}
