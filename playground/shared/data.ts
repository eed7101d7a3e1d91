/**
 * The playground's demo data: a sales ledger generated deterministically from a seed, so the browser
 * and the server build exactly the same rows without downloading anything. The client generates its
 * own copy (about as fast as parsing 20 MB of JSON, and no transfer); the server generates the same
 * rows for exports, the lazy block and the server-rendered page.
 *
 * The ledger exists in both languages of the playground: regions, products and channels are
 * English or Ukrainian text (`generateSales(count, seed, 'uk')`), the same sales either way, so
 * every page shows the data in the reader's language without the library translating values.
 *
 * Runs in Node and in browsers: no DOM, no Node modules.
 *
 * @module
 */
import type { DemoLocale } from './labels';

/** One sale. A type alias (not an interface) so it is assignable to the core's `Row`. */
export type SaleRow = {
  /** Order number, `SO-000001` upwards; unique. */
  id: string;
  /** ISO 8601 date `YYYY-MM-DD`; rows come in ascending date order. */
  date: string;
  /** `YYYY-MM`, the category of the monthly chart. */
  month: string;
  /** Region, product and channel are text in the ledger's language (`generateSales`' `locale`). */
  region: string;
  product: string;
  channel: string;
  units: number;
  /** Price of one unit in the demo currency, two decimals. */
  unit_price: number;
  /** units × unit_price, two decimals. */
  amount: number;
  /** Margin as a fraction (0.125 is 12.5 %), three decimals. */
  margin: number;
  /** The account manager: a Ukrainian column name with Ukrainian values. */
  менеджер: string;
};

/** How many rows the playground shows. */
export const DEMO_ROW_COUNT = 100_000;

/**
 * The most demo sales the playground serves (`GV_DEMO_ROWS`): every page holds them in the
 * browser, twice once the reader has switched language; the million-row case is the big table's.
 */
export const DEMO_ROW_LIMIT = 500_000;

/** Seed of the demo data; change it and every page, export and test sees a different ledger. */
export const DEMO_SEED = 20_240_101;

/** Seed of the big-table page's ledger (another than the 100,000-row demo's, so the pages differ). */
export const BIG_TABLE_SEED = DEMO_SEED + 1;

/** First day of the ledger (UTC). */
const START_DAY = Date.UTC(2024, 0, 1);
/** Days covered: all of 2024 and 2025. */
const DAY_COUNT = 731;
const DAY_MS = 86_400_000;

/**
 * A demo value in both languages of the playground. The English text doubles as the value's code
 * where one is needed outside the rows (the lazy block's `region` parameter).
 */
export interface DemoName {
  readonly en: string;
  readonly uk: string;
}

export const REGIONS: readonly DemoName[] = [
  { en: 'North', uk: 'Північ' },
  { en: 'South', uk: 'Південь' },
  { en: 'East', uk: 'Схід' },
  { en: 'West', uk: 'Захід' },
  { en: 'Central', uk: 'Центр' },
];

export const CHANNELS: readonly DemoName[] = [
  { en: 'Online', uk: 'Онлайн' },
  { en: 'Retail', uk: 'Роздріб' },
  { en: 'Partner', uk: 'Партнери' },
  { en: 'Direct', uk: 'Напряму' },
];

/** Products with a list price; a sale's unit price varies ±10 % around it. */
export const PRODUCTS: readonly { name: DemoName; price: number }[] = [
  { name: { en: 'Laptop', uk: 'Ноутбук' }, price: 1200 },
  { name: { en: 'Monitor', uk: 'Монітор' }, price: 320 },
  { name: { en: 'Keyboard', uk: 'Клавіатура' }, price: 75 },
  { name: { en: 'Mouse', uk: 'Миша' }, price: 35 },
  { name: { en: 'Headset', uk: 'Гарнітура' }, price: 110 },
  { name: { en: 'Docking station', uk: 'Док-станція' }, price: 240 },
  { name: { en: 'Webcam', uk: 'Вебкамера' }, price: 90 },
  { name: { en: 'Tablet', uk: 'Планшет' }, price: 560 },
];

const UK_BY_EN: ReadonlyMap<string, string> = new Map([...REGIONS, ...CHANNELS, ...PRODUCTS.map((product) => product.name)].map((name) => [name.en, name.uk]));

/**
 * The text of an English demo value (region, product or channel) in `locale`. Anything else (a
 * manager's name, a value that is not the demo's) comes back unchanged.
 */
export function demoValue(english: string, locale: DemoLocale): string {
  return locale === 'uk' ? (UK_BY_EN.get(english) ?? english) : english;
}

/**
 * The managers: people, whose names stay in their own script in both languages (a name is not
 * translated; the column also shows Cyrillic data on the English pages).
 */
export const MANAGERS = [
  'Олена Коваленко',
  'Андрій Шевченко',
  'Ірина Бондаренко',
  'Тарас Мельник',
  'Марія Ткаченко',
  'Богдан Кравченко',
  'Оксана Литвиненко',
  'Дмитро Поліщук',
] as const;

/**
 * mulberry32: a tiny, fast 32-bit PRNG. Not cryptographic; it only has to be identical in every
 * JavaScript engine, which integer arithmetic through `Math.imul` guarantees.
 *
 * @returns a function giving floats in [0, 1).
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  // The index is always in range because random() < 1.
  return items[Math.floor(random() * items.length)] as T;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** The ISO dates of the ledger, computed once per call instead of once per row. */
function dayLabels(): string[] {
  const labels: string[] = [];
  for (let day = 0; day < DAY_COUNT; day += 1) labels.push(new Date(START_DAY + day * DAY_MS).toISOString().slice(0, 10));
  return labels;
}

/**
 * Generates the sales ledger, its region, product and channel values in `locale`.
 *
 * Edge cases: `count` 0 (or negative, or NaN) gives an empty array; the same `count` and `seed`
 * always give identical rows, in ascending date order, so the first-seen order of months is
 * chronological. The ledgers of the two languages are the same sales: row `i` of one is row `i` of
 * the other with its texts translated (every number, id, date and manager equal). Rows are frozen:
 * the library never mutates rows and neither may a page.
 */
export function generateSales(count: number = DEMO_ROW_COUNT, seed: number = DEMO_SEED, locale: DemoLocale = 'en'): SaleRow[] {
  const total = rowCount(count);
  const random = createRandom(seed);
  const days = dayLabels();
  const rows: SaleRow[] = new Array<SaleRow>(total);
  for (let index = 0; index < total; index += 1) rows[index] = Object.freeze(makeSale(index, total, days, random, locale));
  return rows;
}

/**
 * The rows of `generateSales(count, seed, locale)` one at a time, unfrozen, so a million of them
 * can be written to a database without holding them all (the big-table page's SQLite file).
 */
export function* iterateSales(count: number = DEMO_ROW_COUNT, seed: number = DEMO_SEED, locale: DemoLocale = 'en'): Generator<SaleRow, void, undefined> {
  const total = rowCount(count);
  const random = createRandom(seed);
  const days = dayLabels();
  for (let index = 0; index < total; index += 1) yield makeSale(index, total, days, random, locale);
}

function rowCount(count: number): number {
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/**
 * Sale `index` of `total`; draws from `random` in a fixed order, so the sequence decides the rows
 * and `locale` only which text of each name is written.
 */
function makeSale(index: number, total: number, days: readonly string[], random: () => number, locale: DemoLocale): SaleRow {
  const date = days[Math.floor((index * DAY_COUNT) / total)] as string;
  const product = pick(PRODUCTS, random);
  const units = 1 + Math.floor(random() * 24);
  const unitPrice = round(product.price * (0.9 + random() * 0.2), 2);
  return {
    id: `SO-${String(index + 1).padStart(6, '0')}`,
    date,
    month: date.slice(0, 7),
    region: pick(REGIONS, random)[locale],
    product: product.name[locale],
    channel: pick(CHANNELS, random)[locale],
    units,
    unit_price: unitPrice,
    amount: round(units * unitPrice, 2),
    margin: round(0.05 + random() * 0.4, 3),
    менеджер: pick(MANAGERS, random),
  };
}

/** One line of the regional monthly summary (the server-rendered report). */
export type SummaryRow = {
  month: string;
  region: string;
  orders: number;
  units: number;
  amount: number;
  /** Amount-weighted average margin, a fraction. */
  margin: number;
};

/**
 * Sums the ledger per month and region, in first-seen order (chronological for generated rows).
 * A small table the server can render in full as HTML, where 100,000 rows would not be readable.
 *
 * Edge case: no rows gives an empty summary.
 */
export function summariseByMonthAndRegion(rows: readonly SaleRow[]): SummaryRow[] {
  const groups = new Map<string, { month: string; region: string; orders: number; units: number; amount: number; marginAmount: number }>();
  for (const row of rows) {
    const key = `${row.month}|${row.region}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { month: row.month, region: row.region, orders: 0, units: 0, amount: 0, marginAmount: 0 };
      groups.set(key, group);
    }
    group.orders += 1;
    group.units += row.units;
    group.amount += row.amount;
    group.marginAmount += row.amount * row.margin;
  }
  return [...groups.values()].map((group) => ({
    month: group.month,
    region: group.region,
    orders: group.orders,
    units: group.units,
    amount: round(group.amount, 2),
    margin: group.amount === 0 ? 0 : round(group.marginAmount / group.amount, 4),
  }));
}
