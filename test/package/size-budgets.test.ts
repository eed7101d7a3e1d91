import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The bundle budgets live in one file, scripts/size-budgets.json, which scripts/size.mjs reads to
// check the builds; BENCHMARKS.md's "Bundle size" table is written by that script, but by hand
// between runs of the benchmarks, so this test keeps its budgets the ones the script checks.
const root = resolve(__dirname, '../..');

interface BudgetFile {
  apps: Record<string, { title: string; budgetKb: number }>;
}

const budgets = (JSON.parse(readFileSync(join(root, 'scripts', 'size-budgets.json'), 'utf8')) as BudgetFile).apps;

/** The rows of BENCHMARKS.md's "Bundle size" table, as cells. */
function bundleTable(): string[][] {
  const text = readFileSync(join(root, 'BENCHMARKS.md'), 'utf8');
  const start = text.indexOf('\n## Bundle size\n');
  expect(start, 'BENCHMARKS.md has a "## Bundle size" section').toBeGreaterThanOrEqual(0);
  const next = text.indexOf('\n## ', start + 1);
  const lines = text.slice(start, next < 0 ? undefined : next).split('\n').filter((line) => line.startsWith('|'));
  // The header row and the alignment row.
  return lines.slice(2).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

const kb = (cell: string): number => Number(/^([\d.]+) kB/.exec(cell)?.[1] ?? Number.NaN);

describe('bundle budgets', () => {
  it('lists in BENCHMARKS.md every app of scripts/size-budgets.json, in order, with its budget', () => {
    const rows = bundleTable();
    expect(rows.map((cells) => cells[0])).toEqual(Object.values(budgets).map((app) => app.title));
    expect(rows.map((cells) => cells[2])).toEqual(Object.values(budgets).map((app) => `${app.budgetKb.toFixed(1)} kB`));
  });

  it('shows in BENCHMARKS.md sizes within their budgets, marked pass', () => {
    for (const [title, size, budget, verdict] of bundleTable()) {
      expect(kb(size ?? ''), title).toBeLessThanOrEqual(kb(budget ?? ''));
      expect(verdict, title).toBe('pass');
    }
  });

  it('has scripts/size.mjs take every budget from that file and state none of its own', () => {
    const script = readFileSync(join(root, 'scripts', 'size.mjs'), 'utf8');
    expect(script).toContain("new URL('./size-budgets.json', import.meta.url)");
    for (const name of Object.keys(budgets)) expect(script).toContain(`...budgeted('${name}')`);
    expect(script).not.toMatch(/\bbudget:\s*[\d(]/);
  });
});
