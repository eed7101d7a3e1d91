/**
 * Evaluating an AST: the plan of a group (text tests, and number terms gathered into clusters
 * that must hold for one number), the primitive tests on normalised text, and matching over a
 * text with optional cells. The table model runs the same plan over its text index (see
 * ../table-model/text-match.ts); `matchesRow` and `matchesText` run it here, directly.
 *
 * @module
 */
import type { SearchGroupAst, SearchNumberTerm, SearchQueryAst, SearchTextTerm } from './types';

/** A text term as the evaluators use it. */
export interface TextTest {
  readonly parts: readonly string[];
  readonly anchorStart: boolean;
  readonly anchorEnd: boolean;
  /** One piece, no anchors: a plain `includes`. */
  readonly contains: boolean;
  readonly negate: boolean;
  /** Column keys, or null for every column. */
  readonly scope: readonly string[] | null;
}

/** Number terms that must hold for one and the same number of one cell (or, negated, for none). */
export interface NumberCluster {
  readonly negate: boolean;
  readonly scope: readonly string[] | null;
  readonly test: (n: number) => boolean;
}

/** A group ready to run: every test must hold. */
export interface GroupPlan {
  readonly texts: readonly TextTest[];
  readonly clusters: readonly NumberCluster[];
}

function holds(term: SearchNumberTerm, n: number): boolean {
  switch (term.op) {
    case 'gt':
      return n > term.value;
    case 'ge':
      return n >= term.value;
    case 'lt':
      return n < term.value;
    case 'le':
      return n <= term.value;
    case 'eq':
      return n === term.value;
    default:
      return n >= term.value && n <= term.to;
  }
}

function numberTest(terms: readonly SearchNumberTerm[]): (n: number) => boolean {
  if (terms.length === 1) {
    const only = terms[0] as SearchNumberTerm;
    return (n) => holds(only, n);
  }
  return (n) => {
    for (const term of terms) if (!holds(term, n)) return false;
    return true;
  };
}

function textTest(term: SearchTextTerm): TextTest {
  return {
    parts: term.parts,
    anchorStart: term.anchorStart,
    anchorEnd: term.anchorEnd,
    contains: term.parts.length === 1 && !term.anchorStart && !term.anchorEnd,
    negate: term.negate,
    scope: term.scope === null ? null : term.scope.keys,
  };
}

/**
 * The plan of a group. Positive number terms with the same scope form one cluster (they must hold
 * for one number); each negated number term is its own cluster ("no number in scope is > 5").
 * Positive tests come before negated ones: they usually rule out most rows.
 */
export function planGroup(group: SearchGroupAst): GroupPlan {
  const texts: TextTest[] = [];
  const positive = new Map<string, { scope: readonly string[] | null; terms: SearchNumberTerm[] }>();
  const negated: NumberCluster[] = [];
  for (const term of group.terms) {
    if (term.kind === 'text') {
      texts.push(textTest(term));
      continue;
    }
    const scope = term.scope === null ? null : term.scope.keys;
    if (term.negate) {
      negated.push({ negate: true, scope, test: numberTest([term]) });
      continue;
    }
    const key = scope === null ? '' : `\u0000${scope.join('\u0000')}`;
    let cluster = positive.get(key);
    if (cluster === undefined) {
      cluster = { scope, terms: [] };
      positive.set(key, cluster);
    }
    cluster.terms.push(term);
  }
  const clusters: NumberCluster[] = [...positive.values()].map((c) => ({ negate: false, scope: c.scope, test: numberTest(c.terms) }));
  texts.sort((a, b) => Number(a.negate) - Number(b.negate));
  return { texts, clusters: [...clusters, ...negated] };
}

/** The plans of every group of a query. */
export function planQuery(ast: SearchQueryAst): GroupPlan[] {
  return ast.groups.map(planGroup);
}

/** Whether a pattern (pieces in order, anchored or not) occurs in `text[from, to)`, which holds no \u0001. */
function patternIn(text: string, from: number, to: number, test: TextTest): boolean {
  const parts = test.parts;
  if (parts.length === 0) return false;
  let at = from;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p] as string;
    const last = p === parts.length - 1;
    if (last && test.anchorEnd) {
      const start = to - part.length;
      if (start < at || (p === 0 && test.anchorStart && start !== from)) return false;
      return text.startsWith(part, start);
    }
    if (p === 0 && test.anchorStart) {
      if (!text.startsWith(part, from) || from + part.length > to) return false;
      at = from + part.length;
      continue;
    }
    const found = text.indexOf(part, at);
    if (found < 0 || found + part.length > to) return false;
    at = found + part.length;
  }
  return true;
}

/**
 * Whether the test's pattern occurs in the normalised cell text `text[from, to)`. A cell text may
 * hold its shown and raw forms separated by \u0001: an anchored pattern must start or end one of
 * them; a plain piece may occur anywhere (it never holds \u0001).
 */
export function textIn(text: string, from: number, to: number, test: TextTest): boolean {
  if (test.contains) {
    const part = test.parts[0] as string;
    const found = text.indexOf(part, from);
    return found >= 0 && found + part.length <= to;
  }
  let start = from;
  while (start <= to) {
    let end = text.indexOf('\u0001', start);
    if (end < 0 || end > to) end = to;
    if (patternIn(text, start, end, test)) return true;
    start = end + 1;
  }
  return false;
}

/** Whether some group of `plans` holds, given how to test a text term and a number cluster. */
export function somePlanHolds(plans: readonly GroupPlan[], text: (test: TextTest) => boolean, numbers: (cluster: NumberCluster) => boolean): boolean {
  if (plans.length === 0) return true;
  for (const plan of plans) {
    let ok = true;
    for (const test of plan.texts) {
      if (text(test) === test.negate) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    for (const cluster of plan.clusters) {
      if (numbers(cluster) === cluster.negate) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}
