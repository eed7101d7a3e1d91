/**
 * Chromium for end-to-end tests: the system browser driven by playwright-core (browser downloads do
 * not work on this machine kind), started with flags that keep it off the network, plus helpers that
 * collect console errors and save screenshots as test artifacts.
 *
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser; override with CHROMIUM_PATH. */
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

/** Folder of screenshots kept as test artifacts. */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/**
 * Launches the system Chromium. Throws a readable error when it is missing, naming the install
 * command, rather than playwright's generic "executable doesn't exist".
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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

/** Saves a full-page screenshot to test-results/screenshots/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
