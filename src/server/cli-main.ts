/**
 * The `vue-grid-view` command line, as a function (the `cli.ts` entry calls it with `process.argv`).
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { createSqlPreferencesStore } from './store/sql-store';

const USAGE = `Usage: vue-grid-view <command> [options]

Commands:
  migrate --sqlite <file>       Create or update the preferences table in a SQLite file.
  migrate --postgres <url>      Create or update the preferences table in PostgreSQL
                                (postgres://user:password@host:5432/database).
  help                          Show this text.

The URL may also come from the environment variable DATABASE_URL (migrate with no option).
`;

/** Where the command writes. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: Record<string, string | undefined>;
}

/**
 * Runs the command line with `args` (without `node` and the script path) and returns the exit code:
 * 0 on success, 1 when a migration fails, 2 for a usage error.
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
