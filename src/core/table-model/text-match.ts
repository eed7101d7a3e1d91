/**
 * A planned query of the search language (`planQuery`) evaluated over the text index
 * (`text-index.ts`): with complete row texts in one tight pass of `includes`, before that from the
 * cells through the word hits of every column at once (`matchByWords`).
 *
 * @module
 */
import type { FormatOptions, Row } from '../types';
import { NON_ASCII } from './text-fold';
import { numberCharsHold, writeNumberChars } from './number-text';
import type { GroupPlan } from '../search/evaluate';
import { textIn } from '../search/evaluate';
import type { NumberSymbols } from '../search/numbers';
import {
  CLOSER_LOOK,
  type ColumnNumbers,
  type ColumnTexts,
  type GlobalTexts,
  NEEDS_CLOSER_LOOK,
  type TermPatterns,
  cellHolds,
  escapeTerm,
  fitsNumberText,
  numberWriter,
  numbersOnlyIn,
  rowNumberHolds,
  termPatterns,
} from './text-index';

/**
 * Where a query looks: the searchable columns of the global search (its row texts once complete,
 * else their column texts) or the one column of a column filter, with their numbers.
 */
export interface Target {
  readonly rows: readonly Row[];
  readonly keys: readonly string[];
  /** The joined row texts of the global search; null for a column filter. */
  readonly global: GlobalTexts | null;
  /** Column texts in `keys` order: the global search's while its row texts are incomplete. */
  readonly texts: () => readonly ColumnTexts[];
  readonly numbers: () => readonly ColumnNumbers[];
  readonly options: FormatOptions;
  readonly symbols: NumberSymbols;
  /** The rows looked at: [lo, hi) (the whole table, or one step of `visibleRowsInSteps`). */
  readonly lo: number;
  readonly hi: number;
}

/** Positions in `target.keys` of a scope's columns (all of them for null). */
function positionsOf(target: Target, scope: readonly string[] | null): number[] {
  if (scope === null) return target.keys.map((_, i) => i);
  const positions: number[] = [];
  target.keys.forEach((key, i) => {
    if (scope.includes(key)) positions.push(i);
  });
  return positions;
}

/** Whether the `column`-th \u0000-separated cell of a joined row text holds `term`. */
function segmentHolds(text: string, column: number, term: string): boolean {
  let start = 0;
  for (let c = 0; c < column; c++) {
    const next = text.indexOf('\u0000', start);
    if (next < 0) return false;
    start = next + 1;
  }
  let end = text.indexOf('\u0000', start);
  if (end < 0) end = text.length;
  const at = text.indexOf(term, start);
  return at >= 0 && at + term.length <= end;
}

/** A word looked for in every cell of the target (an unscoped `includes` term), shared by the groups that have it. */
interface Word {
  readonly term: string;
  readonly patterns: TermPatterns;
}

/** The normalised text of row `i`'s cell of a column: built, or made from the cell now. */
function cellText(rows: readonly Row[], entry: ColumnTexts, i: number): string {
  if (i < entry.built) return entry.texts[i] ?? '';
  const value = entry.read(rows[i] as Row);
  return value === null || value === undefined ? '' : entry.text(value);
}

/** Whether row `i`'s cell of a column holds `term`: built text, else the cell as it is (`cellHolds`). */
function cellHoldsAt(rows: readonly Row[], entry: ColumnTexts, i: number, term: string, patterns: TermPatterns): boolean {
  return i < entry.built ? (entry.texts[i] ?? '').includes(term) : cellHolds(entry, entry.read(rows[i] as Row), term, patterns);
}

/**
 * For each row of `alive` (all when null) in [lo, hi), which of `words` occur in one of `entries`
 * (`hits[w][i - lo]`), in one pass that looks at each cell once: built texts by `includes`, the
 * cells as they are before that, where one case-insensitive pattern per column finds "any of its
 * words, or a text that needs a closer look", so a cell holding none of the words costs one test
 * however many words the query has. Columns holding only numbers are skipped for words no number
 * can show. A plain loop on purpose: a first keystroke runs it before the engine has optimised
 * anything.
 */
function wordHits(rows: readonly Row[], entries: readonly ColumnTexts[], words: readonly Word[], alive: Uint8Array | null, lo: number, hi: number): Uint8Array[] {
  const hits = words.map(() => new Uint8Array(hi - lo));
  const perColumn: number[][] = entries.map(() => []);
  for (let c = 0; c < entries.length; c++) {
    const entry = entries[c] as ColumnTexts;
    // Only asked when some word holds a character no number of the column shows.
    const onlyNumbers = words.some((word) => !fitsNumberText(entry, word.term)) && numbersOnlyIn(rows, entry, lo, hi);
    for (let w = 0; w < words.length; w++) if (!onlyNumbers || fitsNumberText(entry, (words[w] as Word).term)) (perColumn[c] as number[]).push(w);
  }
  const columns: ColumnTexts[] = [];
  const lists: number[][] = [];
  const anyOf: RegExp[] = [];
  for (let c = 0; c < entries.length; c++) {
    const list = perColumn[c] as number[];
    if (list.length === 0) continue;
    columns.push(entries[c] as ColumnTexts);
    lists.push(list);
    const ascii = list.map((w) => (words[w] as Word).term).filter((term) => !NON_ASCII.test(term));
    anyOf.push(new RegExp(ascii.length === 0 ? CLOSER_LOOK : `${ascii.map(escapeTerm).join('|')}|${CLOSER_LOOK}`, 'i'));
  }
  for (let i = lo; i < hi; i++) {
    if (alive !== null && alive[i] === 0) continue;
    const row = rows[i] as Row;
    const at = i - lo;
    for (let c = 0; c < columns.length; c++) {
      const entry = columns[c] as ColumnTexts;
      const list = lists[c] as number[];
      let text: string;
      if (i < entry.built) text = entry.texts[i] ?? '';
      else {
        const value = entry.read(row);
        if (value === null || value === undefined) continue;
        if (typeof value === 'number' && value - value === 0 && entry.intl !== null) {
          const writer = numberWriter(entry);
          const n = writer === null ? -1 : writeNumberChars(value, writer.shape, writer.codes);
          if (n >= 0) {
            for (let k = 0; k < list.length; k++) {
              const w = list[k] as number;
              if (numberCharsHold(n, (words[w] as Word).patterns.codes)) (hits[w] as Uint8Array)[at] = 1;
            }
            continue;
          }
          text = entry.text(value);
        } else if (typeof value === 'string' && entry.intl === null) {
          if (!(anyOf[c] as RegExp).test(value)) continue;
          if (NEEDS_CLOSER_LOOK.test(value)) text = entry.text(value);
          else {
            // Plain ASCII: only ASCII words can be in it, found as they are.
            for (let k = 0; k < list.length; k++) {
              const w = list[k] as number;
              const found = (words[w] as Word).patterns.term;
              if (found !== null && found.test(value)) (hits[w] as Uint8Array)[at] = 1;
            }
            continue;
          }
        } else text = entry.text(value);
      }
      for (let k = 0; k < list.length; k++) {
        const w = list[k] as number;
        if (text.includes((words[w] as Word).term)) (hits[w] as Uint8Array)[at] = 1;
      }
    }
  }
  return hits;
}

/** A check of one row that is not a word: a scoped or `%` text term, or number terms. */
interface RowCheck {
  readonly negate: boolean;
  readonly check: (i: number) => boolean;
}

/** A group over word hits: the words it needs and excludes, then its other checks. */
interface WordGroup {
  readonly must: readonly Uint8Array[];
  readonly mustNot: readonly Uint8Array[];
  readonly others: readonly RowCheck[];
}

/** The unscoped words of a query's plans and where each is in the list. */
interface PlanWords {
  readonly words: readonly Word[];
  readonly wordOf: ReadonlyMap<string, number>;
}

/** Made once per plans (a prepared filter runs its plans step after step). */
const planWords = new WeakMap<readonly GroupPlan[], PlanWords>();

function wordsOf(plans: readonly GroupPlan[]): PlanWords {
  let known = planWords.get(plans);
  if (known === undefined) {
    const words: Word[] = [];
    const wordOf = new Map<string, number>();
    for (const plan of plans) {
      for (const test of plan.texts) {
        if (!test.contains || test.scope !== null) continue;
        const term = test.parts[0] as string;
        if (!wordOf.has(term)) {
          wordOf.set(term, words.length);
          words.push({ term, patterns: termPatterns(term) });
        }
      }
    }
    known = { words, wordOf };
    planWords.set(plans, known);
  }
  return known;
}

/**
 * The rows of `alive` (all when null) that match the query while the row texts are incomplete:
 * the words of all groups settled in one pass (`wordHits`), then each row's groups tried in order,
 * with the other checks only where the words allow.
 */
function matchByWords(target: Target, plans: readonly GroupPlan[], alive: Uint8Array | null): Uint8Array {
  const rows = target.rows;
  const { lo, hi } = target;
  const columns = target.texts();
  const { words, wordOf } = wordsOf(plans);
  const hits = wordHits(rows, columns, words, alive, lo, hi);
  const numbers = plans.some((plan) => plan.clusters.length > 0) ? target.numbers() : [];
  const groups: WordGroup[] = plans.map((plan) => {
    const must: Uint8Array[] = [];
    const mustNot: Uint8Array[] = [];
    const others: RowCheck[] = [];
    for (const test of plan.texts) {
      if (test.contains && test.scope === null) {
        (test.negate ? mustNot : must).push(hits[wordOf.get(test.parts[0] as string) as number] as Uint8Array);
        continue;
      }
      const entries = positionsOf(target, test.scope).map((c) => columns[c] as ColumnTexts);
      const term = test.parts[0] as string;
      const patterns = test.contains ? termPatterns(term) : null;
      others.push({
        negate: test.negate,
        check: (i) => {
          for (const entry of entries) {
            if (patterns !== null) {
              if (cellHoldsAt(rows, entry, i, term, patterns)) return true;
              continue;
            }
            // A `%` pattern: column filters only.
            const text = cellText(rows, entry, i);
            if (textIn(text, 0, text.length, test)) return true;
          }
          return false;
        },
      });
    }
    for (const cluster of plan.clusters) {
      const entries = positionsOf(target, cluster.scope).map((c) => numbers[c] as ColumnNumbers);
      others.push({ negate: cluster.negate, check: (i) => someRowNumber(target, entries, i, cluster.test) });
    }
    return { must, mustNot, others };
  });
  const out = new Uint8Array(rows.length);
  for (let i = lo; i < hi; i++) {
    if (alive !== null && alive[i] === 0) continue;
    const at = i - lo;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g] as WordGroup;
      let ok = true;
      for (let k = 0; ok && k < group.must.length; k++) if ((group.must[k] as Uint8Array)[at] === 0) ok = false;
      for (let k = 0; ok && k < group.mustNot.length; k++) if ((group.mustNot[k] as Uint8Array)[at] === 1) ok = false;
      for (let k = 0; ok && k < group.others.length; k++) {
        const other = group.others[k] as RowCheck;
        if (other.check(i) === other.negate) ok = false;
      }
      if (ok) {
        out[i] = 1;
        break;
      }
    }
  }
  return out;
}

/** Whether a number of row `i` in one of `entries` satisfies `test` (typed arrays where built, else the cell). */
function someRowNumber(target: Target, entries: readonly ColumnNumbers[], i: number, test: (n: number) => boolean): boolean {
  for (let e = 0; e < entries.length; e++) {
    const entry = entries[e] as ColumnNumbers;
    if (i < entry.built) {
      const n = entry.first[i] as number;
      // NaN: the cell has no number.
      if (n !== n) continue;
      if (test(n)) return true;
      if (entry.multi[i] === 1 && rowNumberHolds(target.rows, entry, i, test, target.options, target.symbols)) return true;
    } else if (rowNumberHolds(target.rows, entry, i, test, target.options, target.symbols)) return true;
  }
  return false;
}

/** Marks in `out` the rows of `within` (all when null) in [lo, hi) whose row text holds every word. */
function rowsHavingAll(texts: readonly string[], words: readonly string[], within: Uint8Array | null, out: Uint8Array, lo: number, hi: number): Uint8Array {
  for (let i = lo; i < hi; i++) {
    if (within !== null && within[i] === 0) continue;
    const text = texts[i] ?? '';
    let ok = 1;
    for (let k = 0; k < words.length; k++) {
      if (!text.includes(words[k] as string)) {
        ok = 0;
        break;
      }
    }
    out[i] = ok;
  }
  return out;
}

/** A group over complete row texts: its unscoped words as plain lists, the rest as checks. */
interface JoinedGroup {
  readonly must: readonly string[];
  readonly mustNot: readonly string[];
  readonly others: readonly { readonly negate: boolean; readonly check: (text: string, i: number) => boolean }[];
}

/**
 * The rows of `within` (all when null) that match the query; plain words are its simplest case.
 * With complete row texts, in one tight pass: per row and group, `includes` for its words and exclusions, then
 * its scoped terms (the named cells of the row text) and number terms (typed arrays). Before that,
 * from word hits (`matchByWords`), which look at each cell once for all words.
 */
export function rowsMatchingPlans(target: Target, plans: readonly GroupPlan[], within: Uint8Array | null): Uint8Array {
  const count = target.rows.length;
  const global = target.global;
  if (global === null || global.columns !== null) return matchByWords(target, plans, within);
  const out = new Uint8Array(count);
  const texts = global.texts;
  const { lo, hi } = target;
  const numbers = plans.some((plan) => plan.clusters.length > 0) ? target.numbers() : [];
  const groups: JoinedGroup[] = plans.map((plan) => {
    const must: string[] = [];
    const mustNot: string[] = [];
    const others: { negate: boolean; check: (text: string, i: number) => boolean }[] = [];
    for (const test of plan.texts) {
      const term = test.parts[0] as string;
      if (test.scope === null) (test.negate ? mustNot : must).push(term);
      else {
        const positions = positionsOf(target, test.scope);
        others.push({
          negate: test.negate,
          check: (text) => {
            for (let p = 0; p < positions.length; p++) if (segmentHolds(text, positions[p] as number, term)) return true;
            return false;
          },
        });
      }
    }
    for (const cluster of plan.clusters) {
      const entries = positionsOf(target, cluster.scope).map((c) => numbers[c] as ColumnNumbers);
      others.push({ negate: cluster.negate, check: (_text, i) => someRowNumber(target, entries, i, cluster.test) });
    }
    return { must, mustNot, others };
  });
  const only = groups.length === 1 ? (groups[0] as JoinedGroup) : null;
  // Plain words, the most frequent search: the tightest loop, in a function of its own.
  if (only !== null && only.mustNot.length === 0 && only.others.length === 0) return rowsHavingAll(texts, only.must, within, out, lo, hi);
  for (let i = lo; i < hi; i++) {
    if (within !== null && within[i] === 0) continue;
    const text = texts[i] ?? '';
    for (let g = 0; g < groups.length; g++) {
      const { must, mustNot, others } = groups[g] as JoinedGroup;
      let ok = true;
      for (let k = 0; ok && k < must.length; k++) if (!text.includes(must[k] as string)) ok = false;
      for (let k = 0; ok && k < mustNot.length; k++) if (text.includes(mustNot[k] as string)) ok = false;
      for (let k = 0; ok && k < others.length; k++) {
        const other = others[k] as JoinedGroup['others'][number];
        if (other.check(text, i) === other.negate) ok = false;
      }
      if (ok) {
        out[i] = 1;
        break;
      }
    }
  }
  return out;
}
