/**
 * Docs that cannot drift: every TypeScript and Vue code block of README.md, docs/*.md and
 * playground/README.md is type-checked as its own module against the packed package (see
 * packed.ts), the way an application imports it, and the blocks marked `run` are run in Node.
 * A renamed export, a wrong prop or a changed result fails here. The `docs-check` comments that
 * give fragments their context are described in doc-blocks.ts and docs/architecture.md.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { docBlocks, signatureNames, type DocBlock } from './doc-blocks';
import { packedConsumer, root } from './packed';

const run = promisify(execFile);

const DOCS = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`), 'playground/README.md'];
const blocks = DOCS.flatMap((doc) => docBlocks(doc, join(root, doc)));

interface Generated {
  file: string;
  content: string;
  /** Where line `n` (1-based) of the generated file comes from, as `doc:line`. */
  origin: (line: number) => string;
  block: DocBlock;
}

/**
 * The file a block becomes. A block whose first line names a file (`// main.ts`,
 * `<!-- SalesView.vue -->`) is written under that name, so other blocks can import it.
 */
function fileName(block: DocBlock): string {
  const first = block.code.split('\n', 1)[0] ?? '';
  const named = /^\/\/ ([\w.-]+\.ts)\s*$/.exec(first)?.[1] ?? /^<!-- ([\w.-]+\.vue) -->\s*$/.exec(first)?.[1];
  return named ?? `${slug(block)}.${block.lang}`;
}

function slug(block: DocBlock): string {
  return `${block.doc.replace(/[^A-Za-z0-9]+/g, '-').replace(/-md$/, '')}-L${block.line}`;
}

function lineCount(text: string): number {
  return text.split('\n').length;
}

/** The module a block becomes; context lines map back to the comment that holds them. */
function generate(block: DocBlock): Generated {
  const context = block.context?.code ?? '';
  const contextLine = block.context?.line ?? block.line;
  const name = fileName(block);
  if (block.signatures) {
    const names = signatureNames(block.code);
    // One import per line, so an unknown name is reported on the doc line that mentions it.
    const content = `${names.map(({ name: n }) => `import { ${n} } from '${block.signatures}';`).join('\n')}\nexport {};\n`;
    return { file: name, content, origin: (n) => `${block.doc}:${block.line + (names[n - 1]?.line ?? 0)}`, block };
  }
  if (block.lang === 'ts') {
    const head = context === '' ? 0 : lineCount(context);
    const content = `${context === '' ? '' : `${context}\n`}${block.code}\nexport {};\n`;
    return { file: name, content, origin: (n) => (n <= head ? `${block.doc}:${contextLine + n - 1}` : `${block.doc}:${block.line + n - head - 1}`), block };
  }
  if (!/<script|<template/.test(block.code)) {
    // A template fragment: the context is its script.
    const content = `<script setup lang="ts">\n${context}\n</script>\n<template>\n${block.code}\n</template>\n`;
    const head = lineCount(context) + 3;
    return { file: name, content, origin: (n) => (n <= head ? `${block.doc}:${contextLine + n - 2}` : `${block.doc}:${block.line + n - head - 1}`), block };
  }
  if (context === '') return { file: name, content: block.code, origin: (n) => `${block.doc}:${block.line + n - 1}`, block };
  const lines = block.code.split('\n');
  const script = lines.findIndex((line) => /^<script setup lang="ts">/.test(line));
  if (script < 0) throw new Error(`${block.doc}:${block.line}: a vue block with context needs <script setup lang="ts">`);
  const head = lineCount(context);
  const content = [...lines.slice(0, script + 1), context, ...lines.slice(script + 1)].join('\n');
  return {
    file: name,
    content,
    origin: (n) => (n <= script + 1 ? `${block.doc}:${block.line + n - 1}` : n <= script + 1 + head ? `${block.doc}:${contextLine + n - script - 2}` : `${block.doc}:${block.line + n - head - 1}`),
    block,
  };
}

/** JavaScript for plain Node: the type check already happened, so types are only stripped. */
function toJavaScript(source: string): string {
  return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
}

/**
 * What a `run` block executes: its context and code, with each `expression; // → value` line
 * turned into a check of that value.
 */
function runnable(block: DocBlock): string {
  const body = block.code
    .split('\n')
    .map((line, i) => {
      const match = /^(\s*)(.+?);\s*\/\/ → (.+)$/.exec(line);
      if (!match) return line;
      const [, indent, expression, expected] = match;
      return `${indent}__expectDocValue((${expression}), (${expected}), ${JSON.stringify(`${block.doc}:${block.line + i}`)});`;
    })
    .join('\n');
  return toJavaScript(`import { __expectDocValue } from './docs-check-runtime.mjs';\n${block.context?.code ?? ''}\n${body}\n`);
}

// Compares a documented value with the real one: text with whitespace folded, objects and
// arrays by the fields the doc shows.
const RUNTIME = `
const fold = (text: string) => text.replace(/[\\s\\u00a0\\u202f]+/g, ' ');
function mismatch(actual: unknown, expected: unknown, path: string): string | null {
  if (typeof expected === 'string') return typeof actual === 'string' && fold(actual) === fold(expected) ? null : path + ': ' + JSON.stringify(actual) + ' is documented as ' + JSON.stringify(expected);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return path + ': ' + JSON.stringify(actual) + ' is documented as ' + JSON.stringify(expected);
    for (let i = 0; i < expected.length; i++) { const p = mismatch(actual[i], expected[i], path + '[' + i + ']'); if (p) return p; }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return path + ': ' + JSON.stringify(actual) + ' is documented as an object';
    for (const [key, value] of Object.entries(expected)) { const p = mismatch((actual as Record<string, unknown>)[key], value, path + '.' + key); if (p) return p; }
    return null;
  }
  return Object.is(actual, expected) ? null : path + ': ' + JSON.stringify(actual) + ' is documented as ' + JSON.stringify(expected);
}
export function __expectDocValue(actual: unknown, expected: unknown, where: string): void {
  const problem = mismatch(actual, expected, 'value');
  if (problem) throw new Error(where + ': ' + problem);
}
`;

/** Files blocks may import as an application's own: its root component and a view spec. */
const FIXTURES: Record<string, string> = {
  'App.vue': '<template><p>app</p></template>\n',
  'sales.view.json': JSON.stringify({ grid_id: 'sales', title: 'Sales', columns: [{ key: 'region', label: 'Region' }, { key: 'amount', label: 'Amount', format: 'currency' }] }),
};

/** Deliberately wrong blocks, checked with the docs: they prove the check sees names and props. */
const CANARIES: Record<string, string> = {
  'canary-wrong-name.ts': "import { parseGridViewSpecJsn } from 'vue-grid-view/core';\nexport { parseGridViewSpecJsn };\n",
  'canary-wrong-prop.vue': '<script setup lang="ts">\nimport { GridView } from \'vue-grid-view\';\n</script>\n<template>\n  <GridView :artefact="null" />\n</template>\n',
};

const TSCONFIG = {
  compilerOptions: {
    // What a Vite application uses; the other resolution modes are types.test.ts's job.
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: ['node', 'vite/client'],
    strict: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    noEmit: true,
  },
  // Unknown props and events are errors, so a misspelt prop in a doc fails.
  vueCompilerOptions: { strictTemplates: true },
  include: ['*.ts', '*.vue'],
};

interface Diagnostic {
  file: string;
  line: number;
  text: string;
}

function parseDiagnostics(output: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of output.split('\n')) {
    const match = /^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line);
    if (match) out.push({ file: match[1]!, line: Number(match[2]), text: match[3]! });
    else if (line.startsWith('  ') && out.length > 0) out.at(-1)!.text += `\n${line}`;
    else if (line.trim() !== '') out.push({ file: '', line: 0, text: line });
  }
  return out;
}

let work = '';
let generated: Generated[] = [];
let diagnostics: Diagnostic[] = [];

beforeAll(async () => {
  const consumer = await packedConsumer();
  work = join(consumer, 'docs');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  generated = blocks.filter((block) => block.skip === undefined).map(generate);
  const names = generated.map((g) => g.file);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) throw new Error(`Several doc blocks are named ${twice.join(', ')}: give each file one block`);
  for (const [file, content] of Object.entries({ ...FIXTURES, ...CANARIES, 'tsconfig.json': JSON.stringify(TSCONFIG, null, 2) })) writeFileSync(join(work, file), content);
  for (const { file, content } of generated) writeFileSync(join(work, file), content);
  const result = await run(process.execPath, [join(root, 'node_modules/vue-tsc/bin/vue-tsc.js'), '-p', join(work, 'tsconfig.json'), '--pretty', 'false'], { cwd: work, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
  diagnostics = parseDiagnostics(`${result.stdout}\n${result.stderr}`);
}, 180_000);

describe('the code blocks of README.md and docs/*.md', () => {
  it('are found: every document with TypeScript or Vue examples contributes them', () => {
    const documents = new Set(blocks.map((block) => block.doc));
    for (const doc of ['README.md', 'docs/core-api.md', 'docs/server.md', 'docs/ssr.md', 'docs/state.md', 'docs/vue.md', 'docs/simple-table.md', 'docs/spec.md']) expect(documents, doc).toContain(doc);
    // Skipping is for what cannot be compiled at all; it stays rare and always says why.
    const skipped = blocks.filter((block) => block.skip !== undefined);
    expect(skipped.length, skipped.map((b) => `${b.doc}:${b.line} ${b.skip}`).join('\n')).toBeLessThanOrEqual(blocks.length / 10);
  });

  it('type-check against the packed package, imported as an application imports it', () => {
    const byFile = new Map(generated.map((g) => [g.file, g]));
    const problems = diagnostics
      .filter((d) => !d.file.includes('canary-'))
      .map((d) => {
        const source = byFile.get(d.file.replace(/^.*\//, ''));
        return source ? `${source.origin(d.line)}: ${d.text}` : `${d.file}(${d.line}): ${d.text}`;
      });
    expect(problems).toEqual([]);
  });

  it('would fail on a wrong name or prop: the deliberately wrong blocks are reported', () => {
    const canaries = diagnostics.filter((d) => d.file.includes('canary-'));
    expect(canaries.some((d) => d.file.endsWith('canary-wrong-name.ts') && d.text.includes("'parseGridViewSpecJsn'"))).toBe(true);
    expect(canaries.some((d) => d.file.endsWith('canary-wrong-prop.vue') && d.text.includes('artefact'))).toBe(true);
  });

  it('run in Node when marked run, giving the documented values and output', async () => {
    const runnables = blocks.filter((block) => block.run);
    expect(runnables.length).toBeGreaterThan(0);
    writeFileSync(join(work, 'docs-check-runtime.mjs'), toJavaScript(RUNTIME));
    const failures: string[] = [];
    // Two at a time: the machine has two cores and other test files run beside this one.
    for (let i = 0; i < runnables.length; i += 2) {
      await Promise.all(
        runnables.slice(i, i + 2).map(async (block) => {
          const file = join(work, `${slug(block)}.run.mjs`);
          writeFileSync(file, runnable(block));
          try {
            const { stdout } = await run(process.execPath, [file], { cwd: work, timeout: 60_000 });
            if (block.output && stdout.trimEnd() !== block.output.text.trimEnd()) {
              failures.push(`${block.doc}:${block.output.line}: the documented output differs from what the block at line ${block.line} prints:\n${stdout}`);
            }
          } catch (error) {
            const { stderr, message } = error as { stderr?: string; message: string };
            failures.push(`${block.doc}:${block.line}: the block fails when run:\n${stderr || message}`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
