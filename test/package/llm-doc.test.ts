/**
 * docs/llm.md is the context document language models read before they write a spec (served by the
 * MCP tool `gridview_catalog` and pasted into system prompts). A model copies what it sees, so every
 * example in it must be a spec the parser accepts without a warning, the patch example must apply,
 * the error table must name every code the parser can give, and the document must stay small
 * enough to sit in a prompt.
 *
 * Which ```json block is which is read from the heading above it: `### Example N: …` (a valid spec),
 * `### Refused spec …` (the counter-example), `### Patch example` and the block under
 * `## Planner output`. Any other ```json block fails the test, so nothing unchecked slips in.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySpecPatch } from '../../src/assistant/spec-patch';
import { PRESENTATION_FORMATS, validatePlannerOutput } from '../../src/assistant/presenter';
import { SPEC_ERROR_CATALOG, SPEC_WARNING_CATALOG } from '../../src/core/errors';
import { safeParseGridViewSpecJson } from '../../src/core/spec';

const root = resolve(__dirname, '../..');
const doc = readFileSync(join(root, 'docs', 'llm.md'), 'utf8');

/** The document's character budget: it is pasted into prompts whole. */
const MAX_CHARACTERS = 40_000;
/** How many example specs the document promises, from the smallest to a full one. */
const EXAMPLES = 10;

interface JsonBlock {
  /** Line (1-based) of the opening fence. */
  line: number;
  /** The nearest heading above the block, without its leading #s. */
  heading: string;
  /** The nearest level-2 heading above the block. */
  section: string;
  /** The prose between that heading and the block. */
  lead: string;
  code: string;
}

/** Every ```json block with the headings and prose above it. */
function jsonBlocks(): JsonBlock[] {
  const lines = doc.split('\n');
  const blocks: JsonBlock[] = [];
  let heading = '';
  let section = '';
  let lead: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const title = /^(#{1,6})\s+(.*)$/.exec(line);
    if (title) {
      heading = title[2]!.trim();
      if (title[1] === '##') section = heading;
      lead = [];
      continue;
    }
    const fence = /^(`{3,})\s*([\w-]*)\s*$/.exec(line);
    if (!fence) {
      lead.push(line);
      continue;
    }
    const end = lines.findIndex((candidate, j) => j > i && new RegExp(`^\`{${fence[1]!.length},}\\s*$`).test(candidate));
    if (end < 0) throw new Error(`docs/llm.md:${i + 1}: code block is never closed`);
    if (fence[2] === 'json') blocks.push({ line: i + 1, heading, section, lead: lead.join('\n'), code: lines.slice(i + 1, end).join('\n') });
    lead = [];
    i = end;
  }
  return blocks;
}

const blocks = jsonBlocks();
const exampleBlocks = blocks.filter((block) => /^Example \d+\b/.test(block.heading));
const refusedBlocks = blocks.filter((block) => block.heading.startsWith('Refused spec'));
const patchBlocks = blocks.filter((block) => block.heading === 'Patch example');
const plannerBlocks = blocks.filter((block) => block.section === 'Planner output');

function parseJson(block: JsonBlock): unknown {
  try {
    return JSON.parse(block.code) as unknown;
  } catch (error) {
    throw new Error(`docs/llm.md:${block.line}: the block under "${block.heading}" is not valid JSON: ${(error as Error).message}`);
  }
}

/** The specs of the examples, by their number. */
function examples(): Map<number, unknown> {
  return new Map(exampleBlocks.map((block) => [Number(/^Example (\d+)/.exec(block.heading)![1]), parseJson(block)]));
}

/** The section of the document that starts at `heading` and ends at the next heading of its level or higher. */
function sectionOf(heading: string): string {
  const level = /^#+/.exec(heading)![0].length;
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/llm.md has no heading "${heading}"`);
  const rest = doc.slice(start + heading.length + 2);
  const next = new RegExp(`^#{1,${level}} `, 'm').exec(rest);
  return next ? rest.slice(0, next.index) : rest;
}

/** The codes in the first cell of each row of the Markdown tables in `text` (`| \`code\` | …`). */
function tableCodes(text: string): string[] {
  return [...text.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]!);
}

/** The codes in the last cell of each row of the Markdown tables in `text` (`| … | \`code\` |`). */
function lastCellCodes(text: string): string[] {
  return [...text.matchAll(/\| `([a-z_]+)` \|$/gm)].map((match) => match[1]!);
}

/** The members of `export type <name> = 'a' | 'b' …;` in a source file (for unions with no runtime list). */
function unionMembers(file: string, name: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const body = new RegExp(`export type ${name} =([^;]+);`).exec(source)?.[1];
  if (body === undefined) throw new Error(`${file} no longer declares "export type ${name} = …;": update this test`);
  return [...body.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

describe('docs/llm.md', () => {
  it('labels every ```json block: an example, the refused spec, the patch or the planner output', () => {
    const known = new Set([...exampleBlocks, ...refusedBlocks, ...patchBlocks, ...plannerBlocks]);
    const unlabelled = blocks.filter((block) => !known.has(block)).map((block) => `line ${block.line} under "${block.heading}"`);
    expect(unlabelled, 'put each ```json block under an "### Example N: …", "### Refused spec", "### Patch example" or "## Planner output" heading').toEqual([]);
    expect(refusedBlocks).toHaveLength(1);
    expect(patchBlocks).toHaveLength(1);
    expect(plannerBlocks).toHaveLength(1);
  });

  it(`holds exactly ${EXAMPLES} example specs, numbered 1 to ${EXAMPLES} in order, one block each, each with a sentence saying what it shows`, () => {
    const numbers = exampleBlocks.map((block) => Number(/^Example (\d+)/.exec(block.heading)![1]));
    expect(numbers).toEqual(Array.from({ length: EXAMPLES }, (_, i) => i + 1));
    for (const block of exampleBlocks) expect(block.lead.trim().length, `a sentence under "${block.heading}"`).toBeGreaterThan(20);
  });

  it('has example specs that all parse, with no issues and no warnings', () => {
    const problems: string[] = [];
    for (const block of exampleBlocks) {
      const result = safeParseGridViewSpecJson(parseJson(block));
      const found = [...(result.ok ? [] : result.issues), ...result.warnings];
      for (const issue of found) problems.push(`${block.heading} (docs/llm.md:${block.line}): [${issue.code}] ${issue.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('goes from the smallest valid spec (grid_id and one column) to a full dashboard', () => {
    const specs = examples();
    expect(specs.get(1)).toEqual({ grid_id: expect.any(String), columns: [{ key: expect.any(String), label: expect.any(String) }] });
    const full = safeParseGridViewSpecJson(specs.get(EXAMPLES));
    if (!full.ok) throw new Error('the last example does not parse');
    const { spec } = full;
    expect(spec.kpis.length).toBeGreaterThanOrEqual(4);
    expect(new Set(spec.kpis.map((kpi) => kpi.aggregate)).size).toBeGreaterThanOrEqual(3);
    expect(spec.kpis.every((kpi) => kpi.icon !== null)).toBe(true);
    expect(new Set(spec.kpis.map((kpi) => kpi.tone)).size).toBeGreaterThanOrEqual(3);
    expect(spec.charts).toHaveLength(3);
    expect(new Set(spec.charts.map((chart) => chart.chartType)).size).toBe(3);
    expect(spec.charts.some((chart) => chart.chartType === 'donut' && chart.centerTotal)).toBe(true);
    expect(spec.charts.some((chart) => chart.sort !== null)).toBe(true);
    expect(spec.groupBy).not.toBeNull();
    expect(spec.columns.some((column) => /\{[^{}]+\}/.test(column.linkTemplate ?? ''))).toBe(true);
    expect(spec.exportXlsx && spec.exportColumns !== null).toBe(true);
    expect((specs.get(EXAMPLES) as { layout?: unknown }).layout).toBeDefined();
  });

  it('has one example with Ukrainian labels', () => {
    const ukrainian = exampleBlocks.filter((block) => /[іїєґІЇЄҐ]/u.test(block.code));
    expect(ukrainian.length).toBeGreaterThanOrEqual(1);
  });

  it('shows a refused spec that gives exactly the codes its section names, one issue each', () => {
    const result = safeParseGridViewSpecJson(parseJson(refusedBlocks[0]!));
    expect(result.ok).toBe(false);
    const codes = result.ok ? [] : result.issues.map((issue) => issue.code);
    const named = lastCellCodes(sectionOf('## What a spec never holds'));
    expect(codes.slice().sort()).toEqual([...new Set(named)].sort());
  });

  it('has a patch example that applies cleanly, with no warnings, to the example it names', () => {
    const block = patchBlocks[0]!;
    const named = /Example (\d+)/.exec(block.lead)?.[1];
    expect(named, 'the sentence above the patch names "Example N"').toBeDefined();
    const base = examples().get(Number(named));
    expect(base, `Example ${named} exists`).toBeDefined();
    const result = applySpecPatch(base, parseJson(block));
    if (!result.ok) throw new Error(`the patch does not apply to Example ${named}: ${result.issues.map((issue) => `[${issue.code}] ${issue.path}: ${issue.message}`).join('; ')}`);
    expect(result.warnings).toEqual([]);
    // It changed the spec (a patch that applies but does nothing would teach nothing).
    expect(JSON.stringify(result.wire)).not.toBe(JSON.stringify(base));
  });

  it('names every patch issue code of applySpecPatch in the patch section', () => {
    const codes = unionMembers('src/assistant/spec-patch.ts', 'SpecPatchIssueCode');
    expect(codes.length).toBeGreaterThan(0);
    const documented = tableCodes(sectionOf('## Editing a spec with JSON Patch'));
    expect(codes.filter((code) => !documented.includes(code)), 'patch issue codes missing from the patch table').toEqual([]);
  });

  it('has an error table with a row for every SpecErrorCode and no code the parser lacks', () => {
    const section = sectionOf('## Error codes');
    const warnings = sectionOf('### Warnings');
    const errorRows = tableCodes(section.slice(0, section.length - warnings.length));
    const codes = Object.keys(SPEC_ERROR_CATALOG);
    // The catalog is typed Record<SpecErrorCode, …>, so it lists every member of the union.
    expect(codes.slice().sort()).toEqual(unionMembers('src/core/types.ts', 'SpecErrorCode').sort());
    expect(codes.filter((code) => !errorRows.includes(code)), 'error codes missing from the error table').toEqual([]);
    expect(errorRows.filter((code) => !codes.includes(code)), 'rows for codes the parser does not have').toEqual([]);
    expect(errorRows).toHaveLength(new Set(errorRows).size);
  });

  it('has a warnings table with a row for every SpecWarningCode', () => {
    const rows = tableCodes(sectionOf('### Warnings'));
    expect(rows.slice().sort()).toEqual(Object.keys(SPEC_WARNING_CATALOG).sort());
  });

  it('shows planner output that validatePlannerOutput accepts, and lays out every presentation format', () => {
    const result = validatePlannerOutput(parseJson(plannerBlocks[0]!));
    expect(result.ok, result.ok ? '' : result.issues.map((issue) => `[${issue.code}] ${issue.message}`).join('; ')).toBe(true);
    expect(tableCodes(sectionOf('## Planner output'))).toEqual([...PRESENTATION_FORMATS]);
  });

  it(`stays compact: under ${MAX_CHARACTERS.toLocaleString('en')} characters`, () => {
    expect([...doc].length).toBeLessThan(MAX_CHARACTERS);
  });
});
