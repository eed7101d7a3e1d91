/**
 * Column and KPI labels of the demo data in English and Ukrainian, shared by the browser pages and
 * the server (exports and the server-rendered report) so a Ukrainian reader sees the same headers
 * on screen, in the PDF and in the spreadsheet.
 *
 * @module
 */

export type DemoLocale = 'en' | 'uk';

/** The demo locale a request or a setting names; anything but `uk` is English. */
export function demoLocale(value: string | null | undefined): DemoLocale {
  return value === 'uk' ? 'uk' : 'en';
}

const LABELS: Record<DemoLocale, Record<string, string>> = {
  en: {
    id: 'Order',
    order_no: 'Order no.',
    date: 'Date',
    month: 'Month',
    region: 'Region',
    product: 'Product',
    channel: 'Channel',
    менеджер: 'Manager',
    units: 'Units',
    unit_price: 'Unit price',
    amount: 'Amount',
    margin: 'Margin',
    orders: 'Orders',
  },
  uk: {
    id: 'Замовлення',
    order_no: 'Номер',
    date: 'Дата',
    month: 'Місяць',
    region: 'Регіон',
    product: 'Товар',
    channel: 'Канал',
    менеджер: 'Менеджер',
    units: 'Кількість',
    unit_price: 'Ціна за од.',
    amount: 'Сума',
    margin: 'Маржа',
    orders: 'Замовлення',
  },
};

/** The label of a demo column key, or `fallback` when the key has no translation. */
export function columnLabel(key: string, locale: DemoLocale, fallback: string): string {
  return Object.prototype.hasOwnProperty.call(LABELS[locale], key) ? (LABELS[locale][key] as string) : fallback;
}

/** Ukrainian texts of the demo specs (titles, KPI and series labels), keyed by their English text. */
const SPEC_TEXTS_UK: Record<string, string> = {
  'Sales 2024–2025': 'Продажі 2024–2025',
  'Regional monthly report': 'Регіональний місячний звіт',
  Revenue: 'Виручка',
  Orders: 'Замовлення',
  'Units sold': 'Продано одиниць',
  'Average order': 'Середнє замовлення',
  'Median order': 'Медіанне замовлення',
  'Average margin': 'Середня маржа',
  Managers: 'Менеджери',
  'Top monthly revenue of a region': 'Найбільша місячна виручка регіону',
  'Revenue by month': 'Виручка за місяцями',
  Order: 'Замовлення',
  Sale: 'Продаж',
  Figures: 'Показники',
  Units: 'Кількість',
  'One million orders': 'Мільйон замовлень',
  'Largest order': 'Найбільше замовлення',
};

/** A demo spec text (title, KPI or series label) in `locale`; unknown texts are returned as they are. */
export function specText(text: string, locale: DemoLocale): string {
  if (locale === 'en' || !Object.prototype.hasOwnProperty.call(SPEC_TEXTS_UK, text)) return text;
  return SPEC_TEXTS_UK[text] as string;
}

/** The parts of a wire spec that carry display text. */
interface TextualSpec {
  title?: string;
  columns: { key: string; label: string; menu_group?: string }[];
  kpis?: { label: string }[];
  charts?: { title?: string; series?: { key: string; label?: string }[] }[];
}

/**
 * A copy of a demo wire spec with its texts in `locale` (title, column, KPI and series labels).
 * Only known demo texts are translated; anything else (a spec typed into the editor) stays as it is.
 */
export function localiseSpec<S extends TextualSpec>(spec: S, locale: DemoLocale): S {
  if (locale === 'en') return spec;
  return {
    ...spec,
    ...(spec.title === undefined ? {} : { title: specText(spec.title, locale) }),
    columns: localiseColumns(spec.columns, locale),
    ...(spec.kpis === undefined ? {} : { kpis: spec.kpis.map((kpi) => ({ ...kpi, label: specText(kpi.label, locale) })) }),
    ...(spec.charts === undefined
      ? {}
      : {
          charts: spec.charts.map((chart) => ({
            ...chart,
            ...(chart.title === undefined ? {} : { title: specText(chart.title, locale) }),
            ...(chart.series === undefined
              ? {}
              : { series: chart.series.map((series) => (series.label === undefined ? series : { ...series, label: specText(series.label, locale) })) }),
          })),
        }),
  };
}

/** A copy of the columns with their labels (and chooser groups, `menu_group`) in `locale`; other fields untouched. */
export function localiseColumns<C extends { key: string; label: string; menu_group?: string }>(columns: readonly C[], locale: DemoLocale): C[] {
  return columns.map((column) => ({
    ...column,
    label: columnLabel(column.key, locale, column.label),
    ...(column.menu_group === undefined ? {} : { menu_group: specText(column.menu_group, locale) }),
  }));
}

/** Currency of the demo amounts; the same for both locales (only the notation changes). */
export const DEMO_CURRENCY = 'USD';

/** The export builder key of the sales ledger, used by the table's PDF link and the server. */
export const SALES_EXPORT_KEY = 'sales';

/**
 * The grid ids the big table's row source is registered under, one per language: `/aggregate`
 * answers KPI and chart labels in the language of the registration.
 */
export const BIG_TABLE_GRID_IDS: Readonly<Record<DemoLocale, string>> = { en: 'big-orders', uk: 'big-orders-uk' };

/** Base URL of the library's routes in the playground server. */
export const API_BASE = '/api';

/** Most rows a PDF export writes; the rest are cut and the PDF says so. */
export const PDF_MAX_ROWS = 1000;
