/**
 * The setup every playground test file shares, as one call: build the playground if needed, start
 * its server on a fresh data directory, and optionally launch Chromium and open one page whose
 * console errors are collected. `usePlayground` registers the `beforeAll` that does this and the
 * `afterAll` that undoes it (page, browser, server, data directory, in that order).
 *
 * @module
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium, openPage, type OpenedPage } from './browser';
import { E2E_DEMO_ROWS, ensurePlaygroundBuilt, openPlaygroundPage, startPlayground, tempDataDir, type PlaygroundServer } from './playground';

/** The window size every playground test uses unless it says otherwise. */
export const PLAYGROUND_VIEWPORT = { width: 1400, height: 1000 } as const;

/** What a test file asks `usePlayground` for. */
export interface PlaygroundSetup {
  /** Launch Chromium too (implied by `page`). Default false: HTTP-only tests need no browser. */
  readonly browser?: boolean;
  /**
   * Open one page in a context made with these options (viewport {@link PLAYGROUND_VIEWPORT}
   * unless given) and collect its console errors.
   */
  readonly page?: BrowserContextOptions;
  /** Demo sales the server and its pages use. Default {@link E2E_DEMO_ROWS}. */
  readonly demoRows?: number;
}

/**
 * The running playground of one test file. Read its fields inside tests and hooks: they exist
 * only after the `beforeAll` has run, and reading one earlier (or one the setup did not ask for)
 * throws a message saying so rather than handing out `undefined`.
 */
export interface PlaygroundFixture {
  /** The server; a new object after {@link PlaygroundFixture.restartServer}. */
  readonly server: PlaygroundServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console and page errors of `page` since it opened. */
  readonly errors: string[];
  /**
   * Another page in a fresh context of `browser` (no cookies, no storage), viewport
   * {@link PLAYGROUND_VIEWPORT} unless given, with its console errors collected. The caller closes
   * its context.
   */
  newPage(options?: BrowserContextOptions): Promise<OpenedPage>;
  /** Shows one page of the app (`#/<id>`) in `page`; see {@link openPlaygroundPage}. */
  open(id: string): Promise<void>;
  /** Stops the server and starts it again on the same port with the same data directory. */
  restartServer(): Promise<void>;
}

/**
 * Registers the `beforeAll`/`afterAll` pair that starts and stops a playground for the calling
 * test file, and returns the handle to it. Call it once, at the top level of the file. Teardown
 * skips whatever setup did not get to, so a failed start still cleans up what it made.
 */
export function usePlayground(setup: PlaygroundSetup = {}): PlaygroundFixture {
  let server: PlaygroundServer | undefined;
  let dataDir: Awaited<ReturnType<typeof tempDataDir>> | undefined;
  let browser: Browser | undefined;
  let opened: OpenedPage | undefined;

  beforeAll(async () => {
    await ensurePlaygroundBuilt();
    dataDir = await tempDataDir();
    server = await startPlayground({ dataDir: dataDir.path, demoRows: setup.demoRows ?? E2E_DEMO_ROWS });
    if (setup.browser === true || setup.page !== undefined) browser = await launchChromium();
    if (browser && setup.page !== undefined) opened = await openPage(browser, { viewport: PLAYGROUND_VIEWPORT, ...setup.page });
  });

  afterAll(async () => {
    await opened?.context.close();
    await browser?.close();
    await server?.stop();
    await dataDir?.remove();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`usePlayground: no ${what} yet; read it inside a test or hook, and ask for it in the setup`);
    return value;
  };

  return {
    get server() {
      return need(server, 'server');
    },
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(opened, 'page').context;
    },
    get page() {
      return need(opened, 'page').page;
    },
    get errors() {
      return need(opened, 'page').errors;
    },
    newPage(options = {}) {
      return openPage(need(browser, 'browser'), { viewport: PLAYGROUND_VIEWPORT, ...options });
    },
    open(id) {
      return openPlaygroundPage(need(opened, 'page').page, need(server, 'server').url, id);
    },
    async restartServer() {
      const current = need(server, 'server');
      await current.stop();
      server = await startPlayground({ dataDir: current.dataDir, port: current.port, demoRows: setup.demoRows ?? E2E_DEMO_ROWS });
    },
  };
}
