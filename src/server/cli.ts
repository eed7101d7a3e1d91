#!/usr/bin/env node
/**
 * The `vue-grid-view` command line: `vue-grid-view migrate --sqlite prefs.db` (or `--postgres <url>`),
 * and `vue-grid-view mcp [--sqlite <file> | --postgres <url>]`, the MCP server over stdio.
 */
import { runCli } from './cli-main';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
});
