/// <reference types="vite/client" />
/// <reference types="svelte" />

/** The package version, defined at build time (vite.config.ts): it names the engine in session logs. */
declare const __ENGINE_VERSION__: string;
