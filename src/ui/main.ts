/**
 * Every page of the site: the theme's colours, then the app, told by the page's own markup which
 * page it is (`data-page`: the landing page, the playground, the lessons list, a lesson, a
 * workshop page) and where the site's root is relative to it (`data-root`), so links work from
 * any sub-path. A share link made when the playground was the root goes on to the playground.
 */
// First, before the app's modules evaluate: the landing picture's engine worker starts loading.
import './landing/early-engine.js';
import { mount } from 'svelte';
import './theme.css';
import App from './App.svelte';
import { shareForward } from './landing/forward.js';
import { pageKind, type PageInfo } from './shell/page.js';

performance.mark('everynode:page-evaluated');
const target = document.getElementById('app')!;
const data = target.dataset;
const page: PageInfo = {
  kind: pageKind(data.page),
  root: data.root ?? './',
  ...(data.lesson ? { lesson: data.lesson } : {}),
};
const forward = page.kind === 'landing' ? shareForward(location.hash, page.root) : undefined;
if (forward !== undefined) location.replace(forward);
else mount(App, { target, props: { page } });
