/**
 * Shared set-up for the end-to-end tests: serve the production build (`dist/`, made by
 * `vite build`) on a free local port and drive Debian's headless Chromium through playwright-core.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';

export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Session {
  readonly page: Page;
  readonly url: string;
  readonly errors: string[];
  /** Saves a full-page screenshot as test-results/screenshots/NAME.png (CI keeps the folder). */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export const SCREENSHOTS = 'test-results/screenshots';

export async function openPlayground(path = '/'): Promise<Session> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `vite build` before the end-to-end tests');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  const server: PreviewServer = await preview({ preview: { port: 0, strictPort: false, host: '127.0.0.1' }, logLevel: 'silent' });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  const context: BrowserContext = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'everynode-e2e-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url + path);
  return {
    page,
    url,
    errors,
    async screenshot(name: string) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    },
  };
}
