/**
 * Every page of the site: the theme's colours, then the app, told by the page's own markup which
 * page it is (`data-page`: the playground, the lessons list or a lesson) and where the site's
 * root is relative to it (`data-root`), so links work from any sub-path.
 */
import { mount } from 'svelte';
import './theme.css';
import App from './App.svelte';
import type { PageInfo } from './shell/page.js';

const target = document.getElementById('app')!;
const data = target.dataset;
const page: PageInfo = {
  kind: data.page === 'lessons' || data.page === 'lesson' ? data.page : 'playground',
  root: data.root ?? './',
  ...(data.lesson ? { lesson: data.lesson } : {}),
};
mount(App, { target, props: { page } });
