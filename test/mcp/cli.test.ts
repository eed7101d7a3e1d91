/**
 * The `mcp` command of the CLI (`runCli`, in process): its arguments and usage errors, and one
 * stdio connection over in-memory streams, written by hand as a client would (stdio.test.ts runs
 * the real process with the SDK's client).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli-main';
import { createSalesDatabase } from './fixtures';

const temp = mkdtempSync(join(tmpdir(), 'gv-mcp-cli-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), env: { DATABASE_URL: 'postgres://never@127.0.0.1:1/none' } }, out, err };
}

describe('vue-grid-view mcp (CLI arguments)', () => {
  it.each([
    [['mcp', '--sqlite', 'a.db', '--postgres', 'postgres://x']],
    [['mcp', 'extra']],
    [['mcp', '--bogus']],
  ])('exits with a usage error on stderr for %j, writing nothing to stdout', async (args) => {
    const { io: cli, err, out } = io();
    expect(await runCli(args, cli)).toBe(2);
    expect(err.join('')).toContain('Usage: vue-grid-view');
    expect(out).toEqual([]);
  });

  it('exits 1 naming the file when the SQLite file does not exist', async () => {
    const { io: cli, err } = io();
    expect(await runCli(['mcp', '--sqlite', join(temp, 'missing.sqlite')], cli)).toBe(1);
    expect(err.join('')).toContain('missing.sqlite does not exist');
  });

  it('lists the mcp command and its database options in the help', async () => {
    const { io: cli, out } = io();
    expect(await runCli(['help'], cli)).toBe(0);
    expect(out.join('')).toMatch(/mcp --sqlite <file>/);
    expect(out.join('')).toMatch(/mcp --postgres <url>/);
  });
});

describe('vue-grid-view mcp (one stdio connection)', () => {
  it('answers JSON-RPC on its stdout only, never reads DATABASE_URL, and exits 0 when the client closes stdin', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const { io: cli, out, err } = io();
    const exit = runCli(['mcp', '--sqlite', createSalesDatabase(temp)], { ...cli, streams: { stdin, stdout } });
    const lines = (): Record<string, unknown>[] => written.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    const answered = async (id: number): Promise<Record<string, unknown>> => {
      for (let i = 0; i < 500; i++) {
        const found = lines().find((message) => message.id === id);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no answer to request ${id}; stdout: ${written}; stderr: ${err.join('')}`);
    };
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hand', version: '1' } } })}\n`);
    expect(await answered(1)).toMatchObject({ result: { serverInfo: { name: 'vue-grid-view' }, instructions: expect.stringContaining('gridview_catalog') as unknown } });
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    const list = (await answered(2)) as { result: { tools: { name: string }[] } };
    expect(list.result.tools.map((tool) => tool.name)).toContain('gridview_query');
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'gridview_validate', arguments: { spec: 'not json' } } })}\n`);
    expect(await answered(3)).toMatchObject({ result: { isError: true, structuredContent: { ok: false, diagnostics: [{ code: 'invalid_json', path: 'spec' }] } } });
    stdin.end();
    expect(await exit).toBe(0);
    expect(out).toEqual([]);
    expect(err.join('')).toMatch(/serving over stdio with the SQLite file/);
    expect(err.join('')).not.toContain('postgres');
    expect(lines().every((message) => message.jsonrpc === '2.0')).toBe(true);
  });
});
