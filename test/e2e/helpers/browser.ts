/**
 * Chromium for end-to-end tests: the system browser driven by playwright-core (browser downloads do
 * not work on this machine kind), started with flags that keep it off the network and with a font
 * set of its own (see {@link testFontConfig}), plus helpers that collect console errors and save
 * screenshots as test artifacts.
 *
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Frame, type Page } from 'playwright-core';

/**
 * Chromium's headless build, Debian's `chromium-headless-shell` (the same Blink, V8 and Skia as the
 * browser, without the browser's own user interface; it is also what Playwright runs for headless
 * pages by default). The tests use it: the same pages cost about a third less CPU here than in the
 * full browser started with `--headless`. Override with CHROMIUM_HEADLESS_SHELL_PATH.
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The full browser, Debian's `chromium`; the benchmarks use it, as readers run it. Override with
 * CHROMIUM_PATH.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags every e2e launch uses: headless, no sandbox (containers), no network beyond localhost. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The CJK font of the test font set: Debian's `fonts-droid-fallback`, which scripts/ensure-system.sh
 * installs. It is in the set because most readers' machines have a CJK font, and ECharts measures
 * every character outside ASCII as wide as its glyph for 国 when it wraps a label: with a CJK font
 * that is a full em, without one the narrow missing-glyph box, so a label's wrapping depends on it.
 */
export const CJK_FONT_FILE = '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf';

/** DejaVu faces of the test font set (the math face is left out: it has no use and odd metrics). */
const DEJAVU_FACES = /^DejaVu(Sans|SansMono|Serif)(Condensed)?(-[A-Za-z]+)?\.ttf$/;

let fontConfigFile: string | undefined;

/**
 * Writes (once per process) a fontconfig file that gives Chromium exactly the fonts the project
 * installs, and none of the machine's: DejaVu Sans, Sans Mono and Serif from the pinned npm package
 * `dejavu-fonts-ttf`, and Droid Sans Fallback ({@link CJK_FONT_FILE}) for CJK. Every generic family
 * (`system-ui`, `sans-serif`, `serif`, `monospace`) and every family the stylesheets name but the
 * set lacks (Segoe UI, Roboto, Arial, …) resolves to DejaVu, so a label is as wide on every machine
 * and the layout tests measure the same thing everywhere. Returns the file's path.
 */
export function testFontConfig(): string {
  if (fontConfigFile !== undefined) return fontConfigFile;
  if (!existsSync(CJK_FONT_FILE)) {
    throw new Error(`The test font ${CJK_FONT_FILE} is missing. Install it with: bash scripts/ensure-system.sh (apt-get install -y fonts-droid-fallback)`);
  }
  const require = createRequire(import.meta.url);
  const dejavu = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const root = join(process.cwd(), '.tmp', `fonts-${process.pid}`);
  const files = join(root, 'files');
  removeFontSetsOfEndedProcesses(dirname(root));
  rmSync(root, { recursive: true, force: true });
  mkdirSync(files, { recursive: true });
  for (const face of readdirSync(dejavu).filter((name) => DEJAVU_FACES.test(name))) symlinkSync(join(dejavu, face), join(files, face));
  symlinkSync(CJK_FONT_FILE, join(files, 'DroidSansFallbackFull.ttf'));
  const prefer = (...families: string[]): string => `<prefer>${families.map((f) => `<family>${f}</family>`).join('')}</prefer>`;
  const alias = (family: string, ...families: string[]): string => `<alias binding="same"><family>${family}</family>${prefer(...families)}</alias>`;
  const sans = ['DejaVu Sans', 'Droid Sans Fallback'];
  const xml = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    `<dir>${files}</dir>`,
    `<cachedir>${join(root, 'cache')}</cachedir>`,
    // A family the set lacks falls back to sans-serif (fontconfig's own rule, restated: no system conf.d is read).
    '<match target="pattern"><test qual="all" name="family" compare="not_eq"><string>sans-serif</string></test><test qual="all" name="family" compare="not_eq"><string>serif</string></test><test qual="all" name="family" compare="not_eq"><string>monospace</string></test><edit name="family" mode="append_last"><string>sans-serif</string></edit></match>',
    alias('sans-serif', ...sans),
    alias('system-ui', ...sans),
    alias('serif', 'DejaVu Serif', 'Droid Sans Fallback'),
    alias('monospace', 'DejaVu Sans Mono', 'Droid Sans Fallback'),
    '</fontconfig>',
    '',
  ].join('\n');
  fontConfigFile = join(root, 'fonts.conf');
  writeFileSync(fontConfigFile, xml);
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  return fontConfigFile;
}

/**
 * Removes the `fonts-<pid>` folders of processes that have ended. A worker removes its own on exit,
 * but vitest ends some workers with a signal, and `exit` handlers do not run then.
 */
function removeFontSetsOfEndedProcesses(tmp: string): void {
  if (!existsSync(tmp)) return;
  for (const name of readdirSync(tmp)) {
    const pid = /^fonts-(\d+)$/.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    rmSync(join(tmp, name), { recursive: true, force: true });
  }
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folder of screenshots kept as test artifacts. */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/**
 * Launches the system Chromium with the test font set ({@link testFontConfig}): its headless build
 * for tests (the default), the full browser for benchmarks. Throws a readable error when the
 * browser or a font is missing, naming the install command, rather than playwright's generic
 * "executable doesn't exist".
 */
export async function launchChromium(build: 'headless-shell' | 'full' = 'headless-shell'): Promise<Browser> {
  const [path, install] = build === 'full' ? [CHROMIUM_PATH, 'apt-get install -y chromium'] : [HEADLESS_SHELL_PATH, 'bash scripts/ensure-system.sh (apt-get install -y chromium-headless-shell)'];
  if (!existsSync(path)) {
    throw new Error(`Chromium (${build}) not found at ${path}. Install it with: ${install}`);
  }
  const browser = await chromium.launch({ executablePath: path, args: CHROMIUM_ARGS, env: { ...process.env, FONTCONFIG_FILE: testFontConfig() } });
  return withStillPagesByDefault(browser);
}

/**
 * Makes every context and page of `browser` prefer reduced motion unless its options say otherwise.
 * Chart animations are painted in software here (no GPU) and cost about a tenth of the suite's
 * browser time while no test looks at a frame in between; the test of the animation itself asks
 * for `reducedMotion: 'no-preference'` explicitly (test/e2e/charts-finish.test.ts).
 */
function withStillPagesByDefault(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options: BrowserContextOptions = {}) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options: BrowserContextOptions = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * Collects every console error and uncaught page error of a page from now on. Tests assert the
 * list is empty, so a Vue warning turned error or an exception in a handler fails the test.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** A page in its own browser context, with the console errors collected since it opened. */
export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Filled by {@link collectConsoleErrors}; tests assert it stays empty. */
  readonly errors: string[];
}

/**
 * Opens a page in a fresh context of its own (no cookies, no storage) and starts collecting its
 * console errors before anything loads, so an error during the first navigation is caught too.
 * The context belongs to the page: closing either one closes both.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const page = await browser.newPage(options);
  return { context: page.context(), page, errors: collectConsoleErrors(page) };
}

/** How often {@link waitUntil} checks its condition, in milliseconds. */
export const WAIT_POLL_MS = 50;

/**
 * Waits until `condition` (run in the page or frame, with `arg`) returns something truthy, checking
 * every {@link WAIT_POLL_MS} ms; rejects after `timeout` ms (Playwright's default timeout when not
 * given). Every browser test waits through this rather than `waitForFunction` itself, whose default
 * checks on every animation frame: that keeps the page drawing frames for the whole wait, and the
 * longer a wait is (on a busy machine, all of them) the more CPU it burns making the machine busier.
 * Measured on the two largest browser files: 353 CPU-s with frame polling, 309 with this.
 */
export async function waitUntil<Arg>(target: Page | Frame, condition: string | ((arg: Arg) => unknown), arg?: Arg, options: { timeout?: number } = {}): Promise<void> {
  // Playwright types the condition with its own `PageFunction` (not exported): the cast only names one
  // of the two shapes it accepts, both of which it is given here.
  // eslint-disable-next-line no-restricted-properties -- the one place that calls it, with timer polling
  await target.waitForFunction(condition as string, arg, { ...options, polling: WAIT_POLL_MS });
}

/** Saves a full-page screenshot to test-results/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
