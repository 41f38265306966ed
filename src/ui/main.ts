/**
 * Every page of the site: the theme's colours, then the app, told which page it is and where the
 * site's root is (`page-start.ts`, imported first: on the landing page it starts the picture's
 * engine worker before the rest of the page evaluates). A share link made when the playground was
 * the root goes on to the playground.
 */
import { forward, page } from './page-start.js';
import { mount } from 'svelte';
import './theme.css';
import App from './App.svelte';

performance.mark('everynode:page-evaluated');
if (forward !== undefined) location.replace(forward);
else mount(App, { target: document.getElementById('app')!, props: { page } });
