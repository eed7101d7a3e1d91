import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import schema from '../../schema/grid-view-spec.v1.json';
import { GridViewSpecError, SPEC_ERROR_CATALOG, SPEC_WARNING_CATALOG } from '../../src/core/errors';
import { SPEC_ENUMS, parseGridViewSpecJson, safeParseGridViewSpecJson } from '../../src/core/spec';

const doc = readFileSync(new URL('../../docs/spec.md', import.meta.url), 'utf8');

/** The fenced block right after `<!-- example: name -->`. */
function example(name: string): string {
  const match = new RegExp(`<!-- example: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``).exec(doc);
  if (!match?.[1]) throw new Error(`docs/spec.md has no example "${name}"`);
  return match[1];
}

describe('SPEC_ERROR_CATALOG', () => {
  it('gives every code a summary and a fix, and is frozen', () => {
    for (const [code, entry] of Object.entries(SPEC_ERROR_CATALOG)) {
      expect(entry.summary.length, code).toBeGreaterThan(10);
      expect(entry.fix.length, code).toBeGreaterThan(10);
      expect(Object.isFrozen(entry)).toBe(true);
    }
    expect(Object.isFrozen(SPEC_ERROR_CATALOG)).toBe(true);
  });
});

describe('docs/spec.md', () => {
  const section = doc.slice(doc.indexOf('## Error codes'), doc.indexOf('## The JSON Schema'));

  it('has one row per catalog code, with the catalog text word for word', () => {
    for (const [code, { summary, fix }] of Object.entries(SPEC_ERROR_CATALOG)) {
      expect(section, `row for ${code}`).toContain(`| \`${code}\` | ${summary} | ${fix} |`);
    }
  });

  it('has one row per warning code in its Warnings section, with the catalog text word for word', () => {
    const warnings = doc.slice(doc.indexOf('### Warnings'), doc.indexOf('## Error codes'));
    for (const [code, { summary, fix }] of Object.entries(SPEC_WARNING_CATALOG)) expect(warnings, `row for ${code}`).toContain(`| \`${code}\` | ${summary} | ${fix} |`);
    expect([...warnings.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]).sort()).toEqual(Object.keys(SPEC_WARNING_CATALOG).sort());
  });

  it('lists no code the catalog lacks', () => {
    const documented = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(SPEC_ERROR_CATALOG).sort());
  });

  it('prints the real error message of its throwing example', () => {
    let message = '';
    try {
      parseGridViewSpecJson(JSON.parse(example('broken-input')));
    } catch (error) {
      expect(error).toBeInstanceOf(GridViewSpecError);
      message = (error as Error).message;
    }
    expect(message).toBe(example('broken-output'));
  });

  it('prints the real result of its safeParse example', () => {
    const result = safeParseGridViewSpecJson(JSON.parse(example('width-input')));
    expect(JSON.stringify(result, null, 2)).toBe(example('width-output'));
  });

  it('names every enum value and the schema $id', () => {
    for (const values of Object.values(SPEC_ENUMS)) for (const value of values) expect(doc, value).toContain(`\`${value}\``);
    expect(doc).toContain(schema.$id);
  });
});
