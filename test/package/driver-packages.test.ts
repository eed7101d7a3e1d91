/**
 * A server whose SQL store names a driver the application has not installed: the packed package in
 * an isolated folder (isolated.ts) without `better-sqlite3` or `pg`, driven through the real handler.
 * The store cannot be used, so preference routes answer 503 `storage_unavailable` as for any
 * database that cannot be reached (never a 500), and the error the handler logs says which package
 * to install instead of Node's bare `Cannot find package`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedConsumer, type IsolatedConsumer } from './isolated';

const run = promisify(execFile);

const SCRIPT = `
import { createGridViewHandler, createSqlPreferencesStore } from 'vue-grid-view/server';

const out = {};
for (const options of [{ dialect: 'sqlite', filename: ':memory:' }, { dialect: 'postgres', connectionString: 'postgres://app@127.0.0.1:1/app' }]) {
  const logged = [];
  const store = createSqlPreferencesStore(options);
  const handler = createGridViewHandler({ store, subject: () => 'alice', onError: (error) => logged.push({ name: error.name, cause: error.cause?.message, code: error.cause?.code, packages: error.cause?.packages }) });
  const response = await handler(new Request('http://app.test/grid/preferences/?grid_id=orders'));
  out[options.dialect] = { status: response.status, code: (await response.json()).code, logged };
}
process.stdout.write(JSON.stringify(out));
`;

let consumer: IsolatedConsumer;

beforeAll(async () => {
  consumer = await isolatedConsumer('no-driver', ['kysely', 'yup', 'axios']);
}, 180_000);

afterAll(() => {
  consumer?.dispose();
});

describe('a SQL preference store without its driver', () => {
  it('answers 503 storage_unavailable and logs which package to install', async () => {
    expect([consumer.resolves('better-sqlite3'), consumer.resolves('pg')]).toEqual([false, false]);
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: consumer.dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    const logged = (store: string, driver: string) => [
      {
        name: 'PreferencesStorageError',
        cause: `The ${store} store needs the optional package "${driver}", which is not installed: npm install ${driver}.`,
        code: 'missing_package',
        packages: [driver],
      },
    ];
    expect(JSON.parse(stdout)).toEqual({
      sqlite: { status: 503, code: 'storage_unavailable', logged: logged('SQLite', 'better-sqlite3') },
      postgres: { status: 503, code: 'storage_unavailable', logged: logged('PostgreSQL', 'pg') },
    });
  });
});
