/**
 * `npx tsx playground/scripts/screenshot.ts`: takes the README's screenshot of the dashboard
 * (docs/images/dashboard.png) from the real playground in the system Chromium. It builds the
 * playground when needed and runs the server on a free port with a throwaway data folder.
 *
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../test/e2e/helpers/browser';
import { ensurePlaygroundBuilt, openPlaygroundPage, startPlayground, tempDataDir } from '../../test/e2e/helpers/playground';

const output = fileURLToPath(new URL('../../docs/images/dashboard.png', import.meta.url));

await ensurePlaygroundBuilt();
const dataDir = await tempDataDir();
const server = await startPlayground({ dataDir: dataDir.path });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, colorScheme: 'light' });
  await openPlaygroundPage(page, server.url, 'dashboard');
  await page.locator('[data-testid="page-dashboard"] .gv-chart canvas').nth(2).waitFor();
  // ECharts animates the first draw for about a second. This is a picture for the README, not a
  // test, so a pause is the simple way to catch the finished charts.
  await page.waitForTimeout(1500);
  await mkdir(fileURLToPath(new URL('../../docs/images/', import.meta.url)), { recursive: true });
  await page.screenshot({ path: output });
  console.log(`Saved ${output}`);
} finally {
  await browser.close();
  await server.stop();
  await dataDir.remove();
}
