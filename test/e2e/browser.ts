/**
 * Shared set-up for the end-to-end tests: serve the production build (`dist/`, made by
 * `vite build`) under a sub-path of a local static server that sends the site's
 * Content-Security-Policy, and drive Debian's headless Chromium through playwright-core. Every
 * request that leaves the server's origin is recorded, so tests can assert there is none.
 */
import { createReadStream, existsSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CSP } from '../../build/pages.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../build/chromium.js';

/** The site is served from here, not from `/`: it must work from any sub-path without rewrites. */
export const SUB_PATH = '/some/sub/path/';

/** The playground page, relative to the site's root (the root itself is the landing page). */
export const PLAYGROUND = 'playground/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

export interface Session {
  readonly page: Page;
  /** The site's address (ends with SUB_PATH). */
  readonly url: string;
  /** Page errors and console errors (a CSP violation is one). */
  readonly errors: string[];
  /** Every request to another origin than the site's. */
  readonly offOrigin: string[];
  /** Saves a full-page screenshot as test-results/screenshots/NAME.png (CI keeps the folder). */
  screenshot(name: string): Promise<void>;
  /**
   * Serves `text` as the site's FILE (relative to dist/) from now on, as a new deploy of it would:
   * only this session's server sees it, dist/ stays as built for the specs running meanwhile.
   */
  deploy(file: string, text: string): void;
  close(): Promise<void>;
}

export const SCREENSHOTS = 'test-results/screenshots';

/** The sessions open now (the failure report looks at them: test/e2e/on-failure.ts). */
const open = new Set<Session>();

export function openSessions(): readonly Session[] {
  return [...open];
}

/**
 * A static server for dist/ under SUB_PATH: files as they are, `DIR/` as `DIR/index.html`, nothing
 * else; a file of `deployed` (by its path in dist/) is served from there instead.
 */
function serve(deployed: ReadonlyMap<string, string>): Promise<Server> {
  const root = join(process.cwd(), 'dist');
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const text = path.startsWith(SUB_PATH) ? deployed.get(path.slice(SUB_PATH.length)) : undefined;
    if (text !== undefined) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'content-security-policy': CSP }).end(text);
      return;
    }
    let file = path.startsWith(SUB_PATH) ? normalize(join(root, path.slice(SUB_PATH.length))) : '';
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file || !(file === root || file.startsWith(root + sep)) || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export interface OpenOptions {
  /** Called with the URL of every request the page makes (before the first navigation too); not the service worker's precaching. */
  readonly onRequest?: (url: string) => void;
  /** Runs in the page before any of its own scripts, on every navigation (a test's observer). */
  readonly init?: () => void;
}

/** Opens `path` of the site (the playground page by default); the session's `url` is the site's root. */
export async function openPlayground(path = PLAYGROUND, opts: OpenOptions = {}): Promise<Session> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `vite build` before the end-to-end tests');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  const deployed = new Map<string, string>();
  const server = await serve(deployed);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the static server has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const url = origin + SUB_PATH;
  const context: BrowserContext = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'everynode-e2e-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const offOrigin: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  context.on('request', (r) => {
    const u = r.url();
    if (!r.serviceWorker()) opts.onRequest?.(u);
    if (!u.startsWith(`${origin}/`) && !u.startsWith('data:') && !u.startsWith('blob:')) offOrigin.push(u);
  });
  if (opts.init) await context.addInitScript(opts.init);
  await page.goto(url + path);
  const session: Session = {
    page,
    url,
    errors,
    offOrigin,
    async screenshot(name: string) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    deploy(file: string, text: string) {
      deployed.set(file, text);
    },
    async close() {
      open.delete(session);
      await context.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  open.add(session);
  return session;
}
