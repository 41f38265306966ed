/**
 * The kubelet's Event messages that every pod of a template repeats (v1.34 wording), built once
 * per image or container name. A template literal per Event is a new string that the event
 * recorder then flattens and hashes to find its stored copy; a kept one is flat and carries its
 * hash, and the pods of a fleet ask for the same few thousands of times per rollout.
 */
import { BoundedTable } from '../../bounded-table.js';
import { formatDuration } from '../../engine/time.js';
import { flat } from '../../intern.js';
import { memo } from '../../memo.js';
import { imageSize } from './images.js';

/** Normal `Pulling`. */
export const pullingMessage = memo((image: string): string => flat(`Pulling image "${image}"`));

/** Normal `Pulled` for an image the machine has (pull policy not `Always`). */
export const presentMessage = memo((image: string): string => flat(`Container image "${image}" already present on machine`));

/** Normal `Created`. */
export const createdMessage = memo((name: string): string => flat(`Created container: ${name}`));

/** Normal `Started`. */
export const startedMessage = memo((name: string): string => flat(`Started container ${name}`));

/** Normal `Killing`. */
export const killingMessage = memo((name: string): string => flat(`Stopping container ${name}`));

/** The last `Pulled` message made per image, with the durations it gives. */
const lastPulled = new BoundedTable<string, { readonly pullMs: number; readonly totalMs: number; readonly text: string }>(4096);

/**
 * Normal `Pulled` after a pull: how long the pull took and how long since it was asked for
 * (waiting for the machine's serialized puller included). A fleet's machines pull at once and
 * take the same time, so the last message of the image is kept while the durations repeat.
 */
export function pulledMessage(image: string, pullMs: number, totalMs: number): string {
  const last = lastPulled.get(image);
  if (last !== undefined && last.pullMs === pullMs && last.totalMs === totalMs) return last.text;
  const text = flat(`Successfully pulled image "${image}" in ${formatDuration(pullMs)} (${formatDuration(totalMs)} including waiting). Image size: ${imageSize(image)} bytes.`);
  lastPulled.set(image, { pullMs, totalMs, text });
  return text;
}

/** `the kubelet on <node> reports `: the start of the intent reason of every pod status write on the node. */
const reportsOn = memo((node: string): string => flat(`the kubelet on ${node} reports `), 1 << 14);

/** ` as <stage>`: the end of a status write's intent reason, one per pod stage. */
const asStage = memo((stage: string): string => flat(` as ${stage}`));

/**
 * The intent reason of a pod status write, `the kubelet on <node> reports <ns>/<name> as
 * <stage>`: two rope nodes over kept pieces. A template literal made five (160 bytes) per write,
 * and the trace keeps every write's reason, so they outlived the young generation.
 */
export function statusWriteReason(node: string, key: string, stage: string): string {
  return reportsOn(node) + key + asStage(stage);
}
