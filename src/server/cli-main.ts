/**
 * The `vue-grid-view` command line, as a function (the `cli.ts` entry calls it with `process.argv`).
 *
 * @module
 */
import { existsSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { isMissingPackageError } from '../core/optional-package';
import { createSqlPreferencesStore } from './store/sql-store';

const USAGE = `Usage: vue-grid-view <command> [options]

Commands:
  migrate --sqlite <file>       Create or update the preferences table in a SQLite file.
  migrate --postgres <url>      Create or update the preferences table in PostgreSQL
                                (postgres://user:password@host:5432/database).
  mcp                           Serve the MCP server of the grid views over stdio (for Claude
                                Desktop, VS Code and other MCP clients). Needs the package
                                @modelcontextprotocol/server.
  mcp --sqlite <file>           The same, with gridview_query answering from a SQLite file
                                (read-only, one process per query).
  mcp --postgres <url>          The same, answering from PostgreSQL (READ ONLY transactions;
                                connect as a role that may only read).
  help                          Show this text.

The URL may also come from the environment variable DATABASE_URL (migrate with no option; mcp
never reads it, so a database is only used when named).
`;

/** Where the command writes. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: Record<string, string | undefined>;
  /**
   * The MCP command's protocol channel (default: the process's stdin and stdout). Only protocol
   * messages go to it; what the command says goes to `stderr`.
   */
  streams?: { stdin: Readable; stdout: Writable };
}

/**
 * Runs the command line with `args` (without `node` and the script path) and returns the exit code:
 * 0 on success, 1 when a migration fails, 2 for a usage error. `mcp` resolves when its client
 * closes the connection (0), or at once with 1 when it cannot start (no SDK, no SQLite file).
 */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const [command] = parsed.positionals;
  if (command === undefined || command === 'help' || parsed.values.help) {
    io.stdout(USAGE);
    return command === undefined && !parsed.values.help ? 2 : 0;
  }
  if (command === 'mcp') return runMcp(parsed, io);
  if (command !== 'migrate') {
    io.stderr(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  const { sqlite, postgres } = parsed.values;
  const url = postgres ?? (sqlite === undefined ? io.env?.DATABASE_URL : undefined);
  if ((sqlite === undefined) === (url === undefined)) {
    io.stderr(`migrate needs exactly one of --sqlite <file> or --postgres <url>.\n\n${USAGE}`);
    return 2;
  }
  const store =
    sqlite !== undefined
      ? createSqlPreferencesStore({ dialect: 'sqlite', filename: sqlite })
      : createSqlPreferencesStore({ dialect: 'postgres', connectionString: url as string });
  const target = sqlite !== undefined ? `SQLite file ${sqlite}` : `PostgreSQL ${redact(url as string)}`;
  try {
    const { applied } = await store.migrate();
    io.stdout(applied.length === 0 ? `${target}: already up to date.\n` : `${target}: applied ${applied.join(', ')}.\n`);
    return 0;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    io.stderr(`${target}: migration failed${cause}\n`);
    return 1;
  } finally {
    await store.close().catch(() => undefined);
  }
}

/** `vue-grid-view mcp [--sqlite <file> | --postgres <url>]`: one stdio connection. */
async function runMcp(parsed: ReturnType<typeof parse>, io: CliIo): Promise<number> {
  const { sqlite, postgres } = parsed.values;
  if (parsed.positionals.length > 1) {
    io.stderr(`mcp takes no argument "${parsed.positionals[1]}".\n\n${USAGE}`);
    return 2;
  }
  if (sqlite !== undefined && postgres !== undefined) {
    io.stderr(`mcp takes at most one of --sqlite <file> or --postgres <url>.\n\n${USAGE}`);
    return 2;
  }
  // Checked now rather than at the first query: a client shows a server that failed to start.
  if (sqlite !== undefined && !existsSync(sqlite)) {
    io.stderr(`vue-grid-view mcp: the SQLite file ${sqlite} does not exist.\n`);
    return 1;
  }
  const database = sqlite !== undefined ? { sqlite } : postgres !== undefined ? { postgres } : undefined;
  try {
    // Loaded here only: `migrate` needs neither the MCP SDK nor the tools. The SDK is loaded
    // before "serving" is said, so a missing one is the only line a client's log shows.
    const [{ serveMcpStdio }, sdk] = await Promise.all([import('../mcp/stdio'), import('../mcp/sdk')]);
    await Promise.all([sdk.loadMcpSdk(), sdk.loadMcpStdioSdk()]);
    io.stderr(`vue-grid-view mcp: serving over stdio${database ? ` with ${sqlite !== undefined ? `the SQLite file ${sqlite}` : `PostgreSQL ${redact(postgres as string)}`}` : ''}.\n`);
    await serveMcpStdio({ ...(database ? { database } : {}), onError: (error) => io.stderr(`vue-grid-view mcp: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`) }, io.streams);
    return 0;
  } catch (error) {
    if (isMissingPackageError(error)) io.stderr(`vue-grid-view mcp: ${error.message}\n`);
    else io.stderr(`vue-grid-view mcp: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: { sqlite: { type: 'string' }, postgres: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unparsable URL)';
  }
}
