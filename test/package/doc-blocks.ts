/**
 * Reads the fenced code blocks of the Markdown docs and the `docs-check` comments that tell
 * test/package/docs.test.ts how to check them. The convention (also in docs/architecture.md,
 * "Docs that cannot drift"):
 *
 * - Every ```ts, ```typescript and ```vue block is type-checked as its own module against the
 *   packed package. A ```vue block holding `<script>` or `<template>` is a whole SFC; any other
 *   ```vue block is a template fragment and is checked inside `<template>`.
 * - HTML comments right before a block (invisible on GitHub) adjust that, one directive each:
 *   - `<!-- docs-check: context` + code + `-->`: code the block assumes (imports, `declare const
 *     rows: Row[]`, or real values when the block runs). It goes before a ts block, or into the
 *     `<script setup lang="ts">` of a vue block.
 *   - `<!-- docs-check: run -->`: the block is also run in Node (tsx), with its context. A line
 *     `expression; // → value` then checks the value: equal for text (whitespace folded, so the
 *     no-break spaces of formatted numbers match a plain space) and numbers, and for objects and
 *     arrays the fields shown. A block marked `output` right after it must be its exact stdout.
 *   - `<!-- docs-check: signatures <entry> -->`: the block is a reference listing of call
 *     signatures, not code; every name that starts a line and every capitalised type it mentions
 *     must be exported by `<entry>`.
 *   - `<!-- docs-check: skip <reason> -->`: not checked; the reason is required.
 */
import { readFileSync } from 'node:fs';

export interface DocBlock {
  /** The document, relative to the repository root. */
  doc: string;
  /** Line (1-based) of the block's first code line in the document. */
  line: number;
  lang: 'ts' | 'vue';
  code: string;
  skip?: string;
  context?: { code: string; line: number };
  run: boolean;
  /** Entry whose exports a `signatures` block lists. */
  signatures?: string;
  /** Expected stdout of a `run` block: the block marked `output` right after it. */
  output?: { text: string; line: number };
}

interface Fence {
  lang: string;
  line: number;
  code: string;
  directives: { kind: string; arg: string; line: number }[];
}

const CHECKED = new Map<string, 'ts' | 'vue'>([
  ['ts', 'ts'],
  ['typescript', 'ts'],
  ['vue', 'vue'],
]);
const KINDS = new Set(['context', 'run', 'signatures', 'skip', 'output']);

/** The `docs-check` comments directly above line `index` (blank lines between are allowed). */
function directivesAbove(lines: readonly string[], index: number, doc: string): Fence['directives'] {
  const found: Fence['directives'] = [];
  let i = index - 1;
  for (;;) {
    while (i >= 0 && lines[i]!.trim() === '') i--;
    if (i < 0 || !lines[i]!.trimEnd().endsWith('-->')) return found;
    let start = i;
    while (start >= 0 && !lines[start]!.includes('<!--')) start--;
    if (start < 0) return found;
    const text = lines.slice(start, i + 1).join('\n').trim();
    const match = /^<!--\s*docs-check:\s*([a-z-]+)([^\n]*)\n?([\s\S]*?)-->$/.exec(text);
    if (!match) return found;
    const [, kind = '', rest = '', body = ''] = match;
    if (!KINDS.has(kind)) throw new Error(`${doc}:${start + 1}: unknown docs-check directive "${kind}"`);
    if (kind === 'context') {
      if (rest.trim() !== '') throw new Error(`${doc}:${start + 1}: write the context code on the lines after "docs-check: context"`);
      found.unshift({ kind, arg: body.replace(/\s+$/, ''), line: start + 2 });
    } else {
      if (body.trim() !== '') throw new Error(`${doc}:${start + 1}: "docs-check: ${kind}" takes no code lines`);
      found.unshift({ kind, arg: rest.trim(), line: start + 1 });
    }
    i = start - 1;
  }
}

function fences(doc: string, text: string): Fence[] {
  const lines = text.split('\n');
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*([\w-]*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', ticks = '', lang = ''] = open;
    const close = new RegExp(`^\\s*\`{${ticks.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end]!)) end++;
    if (end >= lines.length) throw new Error(`${doc}:${i + 1}: code block is never closed`);
    const code = lines
      .slice(i + 1, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
      .join('\n');
    out.push({ lang: lang.toLowerCase(), line: i + 2, code, directives: directivesAbove(lines, i, doc) });
    i = end;
  }
  return out;
}

/** Every checked block of one document, with its directives applied. */
export function docBlocks(doc: string, path: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const fence of fences(doc, readFileSync(path, 'utf8'))) {
    const lang = CHECKED.get(fence.lang);
    const where = `${doc}:${fence.line - 1}`;
    if (!lang) {
      for (const directive of fence.directives) {
        if (directive.kind !== 'output') throw new Error(`${where}: "docs-check: ${directive.kind}" only applies to ts and vue blocks`);
        const previous = blocks.at(-1);
        if (!previous?.run) throw new Error(`${where}: an "output" block must follow a "run" block`);
        previous.output = { text: fence.code, line: fence.line };
      }
      continue;
    }
    const block: DocBlock = { doc, line: fence.line, lang, code: fence.code, run: false };
    for (const { kind, arg, line } of fence.directives) {
      if (kind === 'skip') {
        if (arg === '') throw new Error(`${where}: "docs-check: skip" needs a reason`);
        block.skip = arg;
      } else if (kind === 'context') block.context = { code: arg, line };
      else if (kind === 'run') block.run = true;
      else if (kind === 'signatures') {
        if (!/^vue-grid-view(\/[a-z]+)?$/.test(arg)) throw new Error(`${where}: "docs-check: signatures" names a package entry, e.g. vue-grid-view/core`);
        block.signatures = arg;
      } else throw new Error(`${where}: "docs-check: ${kind}" belongs before a text block that follows a run block`);
    }
    if (block.skip !== undefined && (block.run || block.context || block.signatures)) throw new Error(`${where}: a skipped block takes no other directive`);
    if (block.run && lang !== 'ts') throw new Error(`${where}: only ts blocks run`);
    if (block.signatures && (block.run || block.context)) throw new Error(`${where}: a signatures block is neither run nor given context`);
    blocks.push(block);
  }
  return blocks;
}

/** Globals a signature listing may mention without the entry exporting them. */
const BUILT_IN_TYPES = new Set(['Promise', 'Record', 'Partial', 'Readonly', 'ReadonlyArray', 'Array', 'Date', 'Map', 'Set', 'Request', 'Response', 'URL', 'URLSearchParams', 'Error', 'Uint8Array', 'Buffer']);

/** The names a signatures block refers to, each with the block line it first appears on (0-based). */
export function signatureNames(code: string): { name: string; line: number }[] {
  const seen = new Map<string, number>();
  code.split('\n').forEach((text, line) => {
    const withoutComment = text.replace(/\/\/.*$/, '');
    // `name(…)`, `name<…>(…)`, `Name.method(…)` or `type Name = …` at the start of a line.
    const lead = /^\s*(?:type\s+([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)\s*[<(.])/.exec(withoutComment);
    const leadName = lead?.[1] ?? lead?.[2];
    const names = [leadName, ...[...withoutComment.matchAll(/\b([A-Z][A-Za-z0-9]+)\b/g)].map((m) => m[1])];
    for (const name of names) if (name && !BUILT_IN_TYPES.has(name) && !seen.has(name)) seen.set(name, line);
  });
  return [...seen].map(([name, line]) => ({ name, line }));
}
