/**
 * The pure side of the global's functions (no Vue): the page's language from
 * `window.GridViewI18n`, texts, KPIs and chart options computed by the core. The bundle's first
 * script carries these, so they answer at once; what mounts Vue components is in `./api`, loaded
 * with the rest of the Vue part.
 *
 * @module
 */
import { buildChartOption as optionOf, buildChartRuntime } from '../core/chart';
import type { ChartOption } from '../core/chart';
import { createTranslator } from '../core/i18n';
import type { MessageOverrides } from '../core/i18n/translator';
import type { ChartRuntime, ChartSpecWire, FormatOptions, KpiSpecWire, ResolvedKpi, Row } from '../core/types';
import { resolveKpis as resolveKpisIn } from '../core/kpi';

/** What a page may set as `window.GridViewI18n` before or after the bundle's tag. */
export interface GridViewI18nGlobal {
  /** BCP 47 tag of the page's texts and numbers; default the document's `lang`, else `en`. */
  locale?: string;
  /** Texts that win over the catalogs, by locale then key (as `GridViewPlugin`'s `messages`). */
  messages?: MessageOverrides;
  /** ISO 4217 code of `currency` values; default `USD`. */
  currency?: string;
}

/** The page's language settings: `window.GridViewI18n`, else the document's `lang`. */
export function pageLanguage(): GridViewI18nGlobal {
  const set = (window as { GridViewI18n?: unknown }).GridViewI18n;
  const page = typeof set === 'object' && set !== null ? (set as GridViewI18nGlobal) : {};
  const lang = document.documentElement.lang.trim();
  return { ...page, locale: page.locale ?? (lang === '' ? undefined : lang) };
}


/**
 * The text of `key` in the page's language (`window.GridViewI18n`), `fallback` when no catalog
 * has it (else the key itself). Placeholders stay as written.
 */
export function t(key: string, fallback?: string): string {
  const language = pageLanguage();
  return createTranslator({ locale: language.locale, overrides: language.messages }).t(key, fallback);
}

/**
 * The KPIs of wire KPI specs over `rows`, as the server computes them (`resolveKpis` of the core),
 * their texts in the page's language and currency unless `options` says otherwise.
 */
export function resolveKpis(specs: readonly KpiSpecWire[], rows: readonly Row[], options?: FormatOptions): ResolvedKpi[] {
  const language = pageLanguage();
  return resolveKpisIn(specs, rows, { locale: language.locale, currency: language.currency, ...options });
}

/** A chart spec over `rows`, or with `rows` not an array a chart the server computed (a runtime). */
export function runtimeOf(config: ChartSpecWire | ChartRuntime, rows: readonly Row[] | null | undefined): ChartRuntime {
  return Array.isArray(rows) ? buildChartRuntime(config as ChartSpecWire, rows) : (config as ChartRuntime);
}

/**
 * The ECharts option of a chart: `config` is a chart spec (wire JSON) computed over `rows`, or,
 * when `rows` is not given, a chart already computed (the runtime in an artifact or a
 * `data-cm-chart-config` attribute). Formatted in the page's language.
 */
export function buildChartOption(config: ChartSpecWire | ChartRuntime, rows?: readonly Row[] | null): ChartOption {
  const language = pageLanguage();
  return optionOf(runtimeOf(config, rows), { locale: language.locale, currency: language.currency });
}
