/**
 * The engine in a Web Worker: one per playground. It only wires the worker's message port to an
 * EngineHost, which holds the cluster and streams what changed.
 */
import { EngineHost } from './host.js';
import type { Request, WorkerMessage } from './protocol.js';

const host = new EngineHost({ post: (msg: WorkerMessage) => postMessage(msg) });
addEventListener('message', (ev: MessageEvent<Request>) => host.handle(ev.data));
