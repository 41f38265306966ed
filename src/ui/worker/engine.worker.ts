/**
 * The engine in a Web Worker: one cluster per page, driven by session-script text. This is the
 * same `runScript` the CLI and the tests use, running unchanged in the browser.
 */
import { runScript } from '../../kubectl/session.js';
import { createCluster } from '../../sim/index.js';
import type { Request, Response } from './protocol.js';

let cluster = createCluster();

function reply(r: Response): void {
  postMessage(r);
}

addEventListener('message', (ev: MessageEvent<Request>) => {
  const req = ev.data;
  try {
    if (req.type === 'reset') {
      cluster = createCluster({ seed: req.seed });
      reply({ id: req.id, type: 'results', results: [] });
      return;
    }
    const out = runScript(req.text, { cluster });
    if ('error' in out) reply({ id: req.id, type: 'error', message: out.error, line: out.line });
    else reply({ id: req.id, type: 'results', results: out.results });
  } catch (e) {
    reply({ id: req.id, type: 'error', message: `engine error: ${(e as Error).message}` });
  }
});
