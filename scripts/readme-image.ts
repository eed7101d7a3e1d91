// The README's picture (docs/images/dashboard.png): the playground's dashboard at 1440 × 1000 px,
// English, light, photographed in the test browser with the test font set, so that it shows what
// the visual suite checks. Run with `npm run docs:image` after a change of how the dashboard looks;
// the test suite never writes it (a test run leaves the checkout as it found it).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium } from '../test/e2e/helpers/browser';
import { chartsSettled } from '../test/e2e/helpers/layout';
import { ensurePlaygroundBuilt, openPlaygroundPage, startPlayground, tempDataDir } from '../test/e2e/helpers/playground';

const target = join(process.cwd(), 'docs', 'images', 'dashboard.png');
await ensurePlaygroundBuilt();
const data = await tempDataDir();
// The playground's own 100,000 sales, as the README's words and a reader's first start show them.
const server = await startPlayground({ dataDir: data.path, demoRows: 100_000 });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, deviceScaleFactor: 1, colorScheme: 'light' });
  await context.addInitScript(() => localStorage.setItem('gv-playground-settings', JSON.stringify({ locale: 'en', theme: 'light' })));
  const page = await context.newPage();
  await openPlaygroundPage(page, server.url, 'dashboard');
  const root = page.locator('[data-testid="page-dashboard"]');
  await root.locator('.gv-chart canvas').nth(2).waitFor();
  await root.locator('.gv-table tbody tr[data-cm-row-index]').first().waitFor();
  await chartsSettled(page);
  await page.mouse.move(1, 1);
  await mkdir(join(process.cwd(), 'docs', 'images'), { recursive: true });
  await page.screenshot({ path: target, clip: { x: 0, y: 0, width: 1440, height: 1000 } });
  console.log(`docs:image: wrote ${target}`);
} finally {
  await browser.close();
  await server.stop();
  await data.remove();
}
