/**
 * The search language in SQL: a compiled query (the quick search, or a lone `contains` on a
 * searchable column) as one condition over its columns, with the core's semantics (docs/search.md):
 * text terms as LIKE patterns over the folded cell, number terms as comparisons of number columns.
 *
 * @module
 */
import { sql } from 'kysely';
import type { SearchNumberTerm, SearchQueryAst, SearchTextTerm } from '../../core/search/types';
import { type Condition, FALSE, type SqlColumn, type SqlFilterContext, and, cellTestSql, not, numberValueSql, or, refOf } from './sql-condition';
import { escapeLike, foldSql, likeSql } from './sql-text';

/**
 * A compiled search query over `inScope` columns (the searchable columns for the quick search, the
 * one column for a column filter): an OR of groups, each an AND of its terms. Text terms are LIKE
 * patterns over the folded cell; positive number terms of a group with the same scope hold for one
 * cell together (`>10+<20` is a range within one column); number terms compare only number
 * columns (a text cell's written numbers are not read in SQL; see docs/server-rows.md).
 */
export function searchSql(ctx: SqlFilterContext, ast: SearchQueryAst, inScope: readonly SqlColumn[]): Condition {
  const scopeColumns = (scope: readonly string[] | null): SqlColumn[] =>
    scope === null ? [...inScope] : inScope.filter((column) => scope.includes(column.key));
  const groups = ast.groups.map((group) => {
    const parts: Condition[] = [];
    const clusters = new Map<string, { scope: readonly string[] | null; terms: SearchNumberTerm[] }>();
    for (const term of group.terms) {
      const scope = term.scope === null ? null : term.scope.keys;
      if (term.kind === 'text') {
        const found = or(scopeColumns(scope).map((column) => textTermSql(ctx, column, term)));
        parts.push(term.negate ? not(found) : found);
        continue;
      }
      if (term.negate) {
        parts.push(not(or(numberColumns(scopeColumns(scope)).map((column) => numberTermsSql(ctx, column, [term])))));
        continue;
      }
      const key = scope === null ? '' : `\u0000${scope.join('\u0000')}`;
      let cluster = clusters.get(key);
      if (cluster === undefined) {
        cluster = { scope, terms: [] };
        clusters.set(key, cluster);
      }
      cluster.terms.push(term);
    }
    for (const cluster of clusters.values()) {
      parts.push(or(numberColumns(scopeColumns(cluster.scope)).map((column) => numberTermsSql(ctx, column, cluster.terms))));
    }
    return and(parts);
  });
  return or(groups);
}

function numberColumns(columns: readonly SqlColumn[]): SqlColumn[] {
  return columns.filter((column) => column.type === 'number');
}

/** A text term on one column: its pieces in order, anchored when the term says so. Never NULL. */
function textTermSql(ctx: SqlFilterContext, column: SqlColumn, term: SearchTextTerm): Condition {
  if (term.parts.length === 0) return FALSE;
  const pattern = `${term.anchorStart ? '' : '%'}${term.parts.map(escapeLike).join('%')}${term.anchorEnd ? '' : '%'}`;
  return cellTestSql(ctx, column, false, (value) => likeSql(foldSql(ctx.dialect, value), pattern));
}

/**
 * Number terms that must all hold for the one number of a cell. A percent column is compared as
 * shown (0.125 shows as 12.5 %, so `>10` keeps it): the term's number is divided by 100 in
 * JavaScript, because `29 / 100` is the same double as a stored 0.29 while `0.29 * 100` in SQL is
 * not 29. Never NULL.
 */
function numberTermsSql(ctx: SqlFilterContext, column: SqlColumn, terms: readonly SearchNumberTerm[]): Condition {
  const ref = refOf(column);
  const scale = column.format === 'percent' ? (n: number) => numberValueSql(ctx, n / 100) : (n: number) => numberValueSql(ctx, n);
  const tests = terms.map((term): Condition => {
    const value = scale(term.value);
    switch (term.op) {
      case 'gt':
        return sql<boolean>`${ref} > ${value}`;
      case 'ge':
        return sql<boolean>`${ref} >= ${value}`;
      case 'lt':
        return sql<boolean>`${ref} < ${value}`;
      case 'le':
        return sql<boolean>`${ref} <= ${value}`;
      case 'eq':
        return sql<boolean>`${ref} = ${value}`;
      default:
        return sql<boolean>`${ref} >= ${value} AND ${ref} <= ${scale(term.to)}`;
    }
  });
  return sql<boolean>`(${ref} IS NOT NULL AND ${sql.join(tests, sql` AND `)})`;
}
