/**
 * The playground's demo data: a sales ledger generated deterministically from a seed, so the browser
 * and the server build exactly the same rows without downloading anything. The client generates its
 * own copy (about as fast as parsing 20 MB of JSON, and no transfer); the server generates the same
 * rows for exports, the lazy block and the server-rendered page.
 *
 * The ledger has a story to tell, so the charts have something to say: sales grow about a third
 * over the two years, dip in summer and peak in November and December, and sell less at weekends;
 * West grows from the smallest region to one of the largest while East shrinks; online orders rise
 * from a fifth to almost half of the orders while retail shrinks; a few key accounts buy in bulk
 * through partners (the largest orders, at a discount); and each channel has its own margin (online
 * the highest, partners the lowest).
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
  { en: 'Direct', uk: 'Прямі продажі' },
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

/** The index whose slice of `cumulative` (rising shares ending at 1, `width` per group) `draw` in [0, 1) falls into. */
function pickCumulative(cumulative: Float64Array, group: number, width: number, draw: number): number {
  const start = group * width;
  for (let i = 0; i < width - 1; i += 1) if (draw < (cumulative[start + i] as number)) return i;
  return width - 1;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Sales of each calendar month relative to the year's average: a summer lull, a year-end peak. */
const MONTH_FACTORS = [0.86, 0.8, 0.94, 0.98, 1.0, 0.9, 0.8, 0.84, 1.0, 1.08, 1.3, 1.5] as const;
/** Sales at the end of the two years relative to their start. */
const GROWTH = 1.35;
/** Weekend days sell this much of a weekday. */
const WEEKEND_FACTOR = 0.7;

/**
 * The ledger's days: `labels[d]` the ISO date of day `d`, `cumulative[d]` the share of all sales on
 * days 0…d, and per day the rising shares of the regions and channels (`REGIONS.length` and
 * `CHANNELS.length` numbers per day), so a sale picks them without building arrays.
 */
interface Calendar {
  readonly labels: readonly string[];
  readonly cumulative: Float64Array;
  readonly regions: Float64Array;
  readonly channels: Float64Array;
}

/**
 * The ledger's days and where the sales fall among them (seasonality, weekends and growth; see the
 * module comment). Computed once per call of the generators.
 */
function calendar(): Calendar {
  const labels: string[] = [];
  const cumulative = new Float64Array(DAY_COUNT);
  const regions = new Float64Array(DAY_COUNT * REGIONS.length);
  const channels = new Float64Array(DAY_COUNT * CHANNELS.length);
  const shares = (into: Float64Array, day: number, weights: readonly number[]): void => {
    const sum = weights.reduce((a, b) => a + b, 0);
    let running = 0;
    weights.forEach((weight, i) => {
      running += weight / sum;
      into[day * weights.length + i] = running;
    });
  };
  let total = 0;
  for (let day = 0; day < DAY_COUNT; day += 1) {
    const t = day / (DAY_COUNT - 1);
    shares(regions, day, regionWeights(t));
    shares(channels, day, channelWeights(t));
    const date = new Date(START_DAY + day * DAY_MS);
    labels.push(date.toISOString().slice(0, 10));
    const weekday = date.getUTCDay();
    const weight = (MONTH_FACTORS[date.getUTCMonth()] as number) * (weekday === 0 || weekday === 6 ? WEEKEND_FACTOR : 1) * (1 + ((GROWTH - 1) * day) / (DAY_COUNT - 1));
    total += weight;
    cumulative[day] = total;
  }
  for (let day = 0; day < DAY_COUNT; day += 1) cumulative[day] = (cumulative[day] as number) / total;
  return { labels, cumulative, regions, channels };
}

/** The day of sale `index` of `total`: sales keep date order and fill the days by their shares. */
function dayOf(index: number, total: number, cumulative: Float64Array): number {
  const quantile = (index + 0.5) / total;
  let low = 0;
  let high = DAY_COUNT - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cumulative[middle] as number) < quantile) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Region shares at time `t` (0 the first day, 1 the last), in `REGIONS` order: West grows, East and South shrink. */
function regionWeights(t: number): number[] {
  return [0.22, 0.2 - 0.04 * t, 0.18 - 0.07 * t, 0.11 + 0.17 * t, 0.29];
}

/** Channel shares at time `t`, in `CHANNELS` order: online grows, retail shrinks. */
function channelWeights(t: number): number[] {
  return [0.2 + 0.26 * t, 0.42 - 0.24 * t, 0.22, 0.16 - 0.02 * t];
}

/** Typical margin of each channel, in `CHANNELS` order. */
const CHANNEL_MARGINS = [0.31, 0.19, 0.12, 0.26] as const;
/** Share of sales that are a key account's bulk order (through a partner, at a discount). */
const BULK_SHARE = 0.012;

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
  const days = calendar();
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
  const days = calendar();
  for (let index = 0; index < total; index += 1) yield makeSale(index, total, days, random, locale);
}

function rowCount(count: number): number {
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/**
 * Sale `index` of `total`; draws from `random` in a fixed order (eight draws per sale), so the
 * sequence decides the rows and `locale` only which text of each name is written.
 */
function makeSale(index: number, total: number, days: Calendar, random: () => number, locale: DemoLocale): SaleRow {
  const day = dayOf(index, total, days.cumulative);
  const date = days.labels[day] as string;
  const product = pick(PRODUCTS, random);
  const bulk = random() < BULK_SHARE;
  const unitsDraw = random();
  const units = bulk ? 60 + Math.floor(unitsDraw * 180) : 1 + Math.floor(unitsDraw * 24);
  const unitPrice = round(product.price * (0.9 + random() * 0.2) * (bulk ? 0.85 : 1), 2);
  const region = REGIONS[pickCumulative(days.regions, day, REGIONS.length, random())] as DemoName;
  const channelDraw = random();
  const channelIndex = bulk ? 2 : pickCumulative(days.channels, day, CHANNELS.length, channelDraw);
  const channel = CHANNELS[channelIndex] as DemoName;
  const typical = CHANNEL_MARGINS[channelIndex] as number;
  const margin = Math.min(0.5, Math.max(0.02, typical - (bulk ? 0.04 : 0) + (random() - 0.5) * 0.16));
  return {
    id: `SO-${String(index + 1).padStart(6, '0')}`,
    date,
    month: date.slice(0, 7),
    region: region[locale],
    product: product.name[locale],
    channel: channel[locale],
    units,
    unit_price: unitPrice,
    amount: round(units * unitPrice, 2),
    margin: round(margin, 3),
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

/**
 * `count` sales spread evenly over the ledger (every `rows.length / count`-th row, from the first),
 * so a short sample still covers both years, every region and every product. The plain HTML page
 * serves them to its own AG Grid (`GET /plain/rows`); its test computes the same sample.
 *
 * Edge cases: `count` at or above the ledger's length gives every row; 0 or less gives none.
 */
export function sampleSales<T>(rows: readonly T[], count: number): T[] {
  if (count <= 0) return [];
  if (count >= rows.length) return [...rows];
  const step = rows.length / count;
  return Array.from({ length: count }, (_, index) => rows[Math.floor(index * step)] as T);
}

/** One line of a region's sales by product (the plain HTML page's swapped-in view). */
export type ProductSummaryRow = {
  product: string;
  orders: number;
  units: number;
  amount: number;
  /** Amount-weighted average margin, a fraction. */
  margin: number;
};

/**
 * Sums the sales of `rows` whose region is `region` (a value in the ledger's language) per
 * product, in first-seen order. No sale in that region gives an empty summary.
 */
export function summariseRegionByProduct(rows: readonly SaleRow[], region: string): ProductSummaryRow[] {
  const groups = new Map<string, { orders: number; units: number; amount: number; marginAmount: number }>();
  for (const row of rows) {
    if (row.region !== region) continue;
    let group = groups.get(row.product);
    if (group === undefined) {
      group = { orders: 0, units: 0, amount: 0, marginAmount: 0 };
      groups.set(row.product, group);
    }
    group.orders += 1;
    group.units += row.units;
    group.amount += row.amount;
    group.marginAmount += row.amount * row.margin;
  }
  return [...groups].map(([product, group]) => ({
    product,
    orders: group.orders,
    units: group.units,
    amount: round(group.amount, 2),
    margin: group.amount === 0 ? 0 : round(group.marginAmount / group.amount, 4),
  }));
}
