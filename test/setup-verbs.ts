/**
 * Every test runs with every verb registered, as the CLI does (src/kubectl/parts/all.ts). The
 * tests of loading parts on demand start from a fresh module graph (`vi.resetModules()`), whose
 * registry holds only what a page's worker starts with.
 */
import { registerAllParts } from '../src/kubectl/parts/all.js';

registerAllParts();
