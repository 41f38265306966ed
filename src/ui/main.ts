/** The playground page: the theme's colours, then the app. */
import { mount } from 'svelte';
import './theme.css';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
