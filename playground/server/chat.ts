/**
 * The chat page's server side (`POST /demo/chat`): a planner made of rules over the words of the
 * question (no model, no network), the library's planner flow (`answerWithGrid` through
 * `sqliteQueryRunner`, read-only, on the big table's SQLite file) and follow-up edits of the last
 * view as JSON Patches (`applySpecPatch`). It shows the whole path from a question to a view with
 * the parts a real assistant would use; only the planner is a stand-in for a language model.
 *
 * A message that is a JSON object is taken as planner output as it is, so the page can show what
 * the library does with a planner that asks for `DELETE`, `ATTACH` or two statements.
 *
 * @module
 */
import { answerWithGrid, applySpecPatch } from 'vue-grid-view/assistant';
import type { AnswerWithGridIssue, PlannerOutput } from 'vue-grid-view/assistant';
import { GridArtifactError, GridRenderer, hydrateArtifact, specToWire } from 'vue-grid-view/core';
import type { GridArtifactJson, GridViewSpec } from 'vue-grid-view/core';
import { sqliteQueryRunner } from 'vue-grid-view/server';
import type { QueryRunner } from 'vue-grid-view/server';
import { DEMO_CURRENCY, demoLocale, type DemoLocale } from '../shared/labels';
import { BIG_TABLE } from './big-table';

/** A planner's answer to one message: a query to run, an edit of the last view, or neither. */
export type ChatPlan = { kind: 'query'; plan: unknown } | { kind: 'edit'; chartType: 'pie' | 'line' | 'bar' | 'donut' } | { kind: 'unknown' };

interface Measure {
  sql: string;
  key: Record<DemoLocale, string>;
  words: RegExp;
}

interface Dimension {
  sql: Record<DemoLocale, string>;
  key: Record<DemoLocale, string>;
  words: RegExp;
  time?: boolean;
}

// The first measure whose words the question holds; revenue when none does. Ukrainian words are
// matched by their stems, since they inflect (виручка, виручку, виручки).
const MEASURES: readonly Measure[] = [
  { sql: 'COUNT(*)', key: { en: 'orders', uk: 'Замовлення' }, words: /\b(orders?|order count)\b|замовлен/i },
  { sql: 'ROUND(AVG(margin), 4)', key: { en: 'margin', uk: 'Маржа' }, words: /\bmargins?\b|марж/i },
  { sql: 'SUM(units)', key: { en: 'units', uk: 'Кількість' }, words: /\bunits?\b|одиниц|кількіст/i },
  { sql: 'ROUND(SUM(amount), 2)', key: { en: 'revenue', uk: 'Виручка' }, words: /\b(revenue|sales|amount|turnover)\b|виручк|продаж|сум[аиу]/i },
];

const DIMENSIONS: readonly Dimension[] = [
  { sql: { en: 'region', uk: 'region_uk' }, key: { en: 'region', uk: 'Регіон' }, words: /\bregions?\b|регіон/i },
  { sql: { en: 'manager', uk: 'manager' }, key: { en: 'manager', uk: 'Менеджер' }, words: /\bmanagers?\b|менеджер/i },
  { sql: { en: 'channel', uk: 'channel_uk' }, key: { en: 'channel', uk: 'Канал' }, words: /\bchannels?\b|канал/i },
  { sql: { en: 'product', uk: 'product_uk' }, key: { en: 'product', uk: 'Товар' }, words: /\bproducts?\b|товар/i },
  { sql: { en: "substr(sold_on, 1, 7)", uk: "substr(sold_on, 1, 7)" }, key: { en: 'month', uk: 'Місяць' }, words: /\b(months?|monthly)\b|місяц/i, time: true },
];

// `\b` knows only ASCII letters, so the Ukrainian words are matched as stems without it.
const FOLLOW_UP = /\b(as|into|to)\s+(a\s+)?(pie|donut|doughnut|line|bar)\b|кругов|кільцев|лінійн|стовпчаст|секторн/iu;

function chartTypeOf(text: string): 'pie' | 'line' | 'bar' | 'donut' {
  if (/donut|doughnut|кільцев/i.test(text)) return 'donut';
  if (/\bpie\b|кругов|секторн/i.test(text)) return 'pie';
  if (/\bline\b|лінійн/i.test(text)) return 'line';
  return 'bar';
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What the rules make of a message: planner output `{ sql, purpose, format }` for a question about
 * the demo sales ("revenue by region in 2025", "top 10 managers by margin", "orders per month as a
 * line chart"), an edit for a follow-up ("as a pie chart"), JSON text taken as planner output, or
 * `unknown` for anything else.
 */
export function planMessage(text: string, locale: DemoLocale): ChatPlan {
  const message = text.trim();
  if (message.startsWith('{')) {
    try {
      return { kind: 'query', plan: JSON.parse(message) as unknown };
    } catch {
      return { kind: 'query', plan: message };
    }
  }
  if (FOLLOW_UP.test(message) && !DIMENSIONS.some((d) => d.words.test(message))) return { kind: 'edit', chartType: chartTypeOf(message) };
  const dimension = DIMENSIONS.find((d) => d.words.test(message));
  const measure = MEASURES.find((m) => m.words.test(message)) ?? (dimension !== undefined ? MEASURES[3] : undefined);
  if (dimension === undefined || measure === undefined) return { kind: 'unknown' };
  const year = /\b(20\d\d)\b/.exec(message)?.[1];
  const top = /\btop\s+(\d{1,3})\b|(?<!\p{L})топ[-\s]?(\d{1,3})(?!\d)|(?<!\d)(\d{1,3})\s+(найбільш|найкращ)/iu.exec(message);
  const limit = top ? Number(top[1] ?? top[2] ?? top[3]) : null;
  const category = quoted(dimension.key[locale]);
  const value = quoted(measure.key[locale]);
  const where = year === undefined ? '' : ` WHERE sold_on >= '${year}-01-01' AND sold_on < '${Number(year) + 1}-01-01'`;
  const order = dimension.time === true && limit === null ? category : `${value} DESC`;
  const sql =
    `SELECT ${dimension.sql[locale]} AS ${category}, ${measure.sql} AS ${value} FROM ${BIG_TABLE}${where}` +
    ` GROUP BY 1 ORDER BY ${order}${limit !== null && limit > 0 ? ` LIMIT ${limit}` : ''}`;
  const format = /\btable\b|таблиц/i.test(message) ? 'table' : /\bchart\b|графік|діаграм/i.test(message) || dimension.time === true ? 'chart' : 'report';
  const plan: PlannerOutput = { sql, purpose: purposeOf(measure, dimension, year, limit, locale), format };
  return { kind: 'query', plan };
}

function purposeOf(measure: Measure, dimension: Dimension, year: string | undefined, limit: number | null, locale: DemoLocale): string {
  if (locale === 'uk') {
    const what = { orders: 'Замовлення', margin: 'Середня маржа', units: 'Продані одиниці', revenue: 'Виручка' }[measure.key.en] ?? measure.key.uk;
    const by = { region: 'за регіонами', manager: 'за менеджерами', channel: 'за каналами', product: 'за товарами', month: 'за місяцями' }[dimension.key.en] ?? '';
    return `${limit !== null ? `Топ-${limit}: ` : ''}${what} ${by}${year !== undefined ? ` у ${year} році` : ''}`;
  }
  const what = { orders: 'Orders', margin: 'Average margin', units: 'Units sold', revenue: 'Revenue' }[measure.key.en] ?? measure.key.en;
  const by = limit !== null ? `of the top ${limit} ${dimension.key.en}s` : `by ${dimension.key.en}`;
  return `${what} ${by}${year !== undefined ? ` in ${year}` : ''}`;
}

/** One reply of the chat. */
export type ChatReply =
  | { kind: 'view'; plan: unknown; artifact: GridArtifactJson; truncated: boolean }
  | { kind: 'edit'; patch: unknown[]; artifact: GridArtifactJson }
  | { kind: 'refused'; plan?: unknown; issues: readonly { code: string; path: string; message: string }[] }
  | { kind: 'unknown' };

/**
 * The JSON Patch that draws the last view's first chart as `chartType`, or adds that chart (first
 * text column by first number column) to a view without one.
 */
export function chartPatch(spec: GridViewSpec, chartType: 'pie' | 'line' | 'bar' | 'donut'): unknown[] {
  const wire = specToWire(spec);
  const first = wire.charts?.[0];
  if (first !== undefined) {
    return [
      { op: 'test', path: '/charts/0/id', value: first.id },
      { op: 'replace', path: '/charts/0/chart_type', value: chartType },
      // A sort is for bar charts only (the parser refuses it elsewhere).
      ...(first.sort !== undefined && chartType !== 'bar' ? [{ op: 'remove', path: '/charts/0/sort' }] : []),
    ];
  }
  const category = spec.columns.find((c) => c.format === 'text');
  const value = spec.columns.find((c) => c.format !== 'text');
  if (category === undefined || value === undefined) return [];
  const blocks: string[] = spec.layout.blocks.filter((b) => b !== 'chart');
  const table = blocks.indexOf('table');
  blocks.splice(table < 0 ? blocks.length : table, 0, 'chart');
  return [
    { op: 'add', path: '/charts', value: [{ id: 'answer_chart', chart_type: chartType, x_key: category.key, series: [{ key: value.key }] }] },
    { op: wire.layout === undefined ? 'add' : 'replace', path: '/layout', value: { blocks } },
  ];
}

/** The chat's route: `POST /demo/chat` with `{ message, locale, last? }`; null for other requests. */
export function createChatRoute(options: { databaseFile: string }): { handle(request: Request): Promise<Response | null>; close(): Promise<void> } {
  let runner: QueryRunner | null = null;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
  return {
    async handle(request) {
      if (new URL(request.url).pathname !== '/demo/chat') return null;
      if (request.method !== 'POST') return json(405, { status: 'error', code: 'method_not_allowed', message: 'POST a JSON body { message, locale, last? }.' });
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return json(400, { status: 'error', code: 'invalid_json', message: 'The body must be JSON: { message, locale, last? }.' });
      }
      const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (typeof input.message !== 'string' || input.message.trim() === '' || input.message.length > 4_000) {
        return json(400, { status: 'error', code: 'invalid_message', message: 'message must be text of 1 to 4,000 characters.' });
      }
      const locale = demoLocale(typeof input.locale === 'string' ? input.locale : null);
      const planned = planMessage(input.message, locale);
      if (planned.kind === 'unknown') return json(200, { reply: { kind: 'unknown' } satisfies ChatReply });
      if (planned.kind === 'edit') return json(200, { reply: edit(input.last, planned.chartType, locale) });
      runner ??= sqliteQueryRunner(options.databaseFile, { timeoutMs: 10_000, maxRows: 5_000 });
      const answer = await answerWithGrid({ plan: planned.plan, runQuery: runner, locale, currency: DEMO_CURRENCY });
      const reply: ChatReply = answer.ok
        ? { kind: 'view', plan: planned.plan, artifact: answer.artifact.toJSON(), truncated: answer.truncated }
        : { kind: 'refused', plan: planned.plan, issues: answer.issues.map(issueOf) };
      return json(200, { reply });
    },
    async close() {
      await runner?.close();
    },
  };
}

function issueOf(issue: AnswerWithGridIssue): { code: string; path: string; message: string } {
  return { code: issue.code, path: issue.path, message: issue.message };
}

/** The follow-up: the last view (sent back by the page, so checked again) with its chart changed. */
function edit(last: unknown, chartType: 'pie' | 'line' | 'bar' | 'donut', locale: DemoLocale): ChatReply {
  if (last === undefined || last === null) return { kind: 'refused', issues: [{ code: 'nothing_to_edit', path: 'last', message: 'Ask a question first: there is no view to change yet.' }] };
  try {
    const artifact = hydrateArtifact(last as GridArtifactJson, { locale, currency: DEMO_CURRENCY });
    const patch = chartPatch(artifact.spec, chartType);
    const edited = applySpecPatch(artifact.spec, patch);
    if (!edited.ok) return { kind: 'refused', issues: edited.issues.map((i) => ({ code: i.code, path: i.path, message: i.message })) };
    const rebuilt = GridRenderer.build(edited.spec, artifact.rows, { locale, currency: DEMO_CURRENCY });
    return { kind: 'edit', patch, artifact: rebuilt.toJSON() };
  } catch (error) {
    if (error instanceof GridArtifactError) return { kind: 'refused', issues: error.issues.map((i) => ({ code: i.code, path: `last.${i.path}`, message: i.message })) };
    throw error;
  }
}
