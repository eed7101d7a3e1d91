/**
 * Entry of the built playground server (playground/dist/server/start.js): reads the environment,
 * starts one `node:http` server on 127.0.0.1 and prints its URL.
 *
 * Environment: PORT (default 4173; 0 picks a free port), HOST (default 127.0.0.1), GV_DATA_DIR
 * (default playground/.data), GV_DIST_DIR (default playground/dist/client), GV_BIG_TABLE_ROWS
 * (default 1,000,000: rows of the big table, generated into GV_DATA_DIR on the first start),
 * GV_DEMO_ROWS (default 100,000: the demo sales of every other page).
 *
 * @module
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { toNodeHandler } from 'vue-grid-view/server';
import { createPlaygroundApp, demoRowsFromEnv } from './app';
import { bigTableRowsFromEnv } from './big-table';

// Resolved from the built file's folder (playground/dist/server), two levels below playground/.
const playgroundDir = fileURLToPath(new URL('../..', import.meta.url));

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4173);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be an integer from 0 to 65535, not ${process.env.PORT}.`);
  const host = process.env.HOST || '127.0.0.1';
  const bigTableRows = bigTableRowsFromEnv(process.env.GV_BIG_TABLE_ROWS);
  console.log(`Big table: ${bigTableRows.toLocaleString('en')} rows; generated on the first start (about 10 s a million), then kept.`);
  const app = await createPlaygroundApp({
    dataDir: process.env.GV_DATA_DIR || `${playgroundDir}.data`,
    distDir: process.env.GV_DIST_DIR || `${playgroundDir}dist/client`,
    rootDir: `${playgroundDir}..`,
    bigTableRows,
    demoRows: demoRowsFromEnv(process.env.GV_DEMO_ROWS),
  });
  const { bigTable } = app;
  console.log(
    bigTable.generatedMs > 0
      ? `Big table: generated ${bigTable.path} in ${(bigTable.generatedMs / 1000).toFixed(1)} s.`
      : `Big table: opened ${bigTable.path}.`,
  );
  const server = createServer(toNodeHandler((request) => app.handle(request)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  console.log(`Playground ready at http://${host}:${actualPort}/ (${app.rows.length.toLocaleString('en')} demo rows). Press Ctrl+C to stop.`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the playground.`);
    server.closeAllConnections();
    server.close(() => {
      void app.close().finally(() => process.exit(0));
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The playground could not start:', error);
  process.exit(1);
});
