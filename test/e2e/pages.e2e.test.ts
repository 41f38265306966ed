/**
 * Every page is a real file of the build, served from a sub-path under the strict CSP: the
 * lessons list links to each lesson's page, a lesson page runs its own playground, and nothing
 * breaks the policy or leaves the origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, PLAYGROUND, type Session } from './browser.js';

let s: Session;

beforeAll(async () => {
  s = await openPlayground('lessons/');
});

afterAll(async () => {
  await s?.close();
});

describe('pages', () => {
  it('lists the lessons, each linking to its own page', async () => {
    const links = s.page.getByRole('main').getByRole('link');
    // The list renders from catalogue.json, fetched after the page loads.
    await expect.poll(() => links.count()).toBeGreaterThan(2);
    expect(await links.first().getAttribute('href')).toBe('./L1/');
    await s.screenshot('lessons-list');
  });

  it('opens a lesson page with its own playground, and links to the playground page', async () => {
    const p = s.page;
    await p.getByRole('main').getByRole('link').first().click();
    await p.waitForURL(/\/lessons\/L1\/$/);
    await expect.poll(() => p.getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(3);
    await expect.poll(() => p.getByRole('region', { name: 'Lesson' }).textContent(), { timeout: 20_000 }).toContain('One pod per node');
    await s.screenshot('lesson-page');
    await p.getByRole('link', { name: 'Playground' }).click();
    await p.waitForURL(s.url + PLAYGROUND);
    await p.getByRole('textbox', { name: 'Command' }).waitFor();
  });

  it('breaks no CSP rule and sends no request off the origin', async () => {
    expect(await s.page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'))).toContain("script-src 'self'");
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
  });
});
