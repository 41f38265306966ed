/**
 * Debian's headless Chromium as the end-to-end tests and the browser bench launch it
 * (playwright-core with this executable): where it is and the flags that keep it from reaching
 * the network or prompting.
 */
export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
