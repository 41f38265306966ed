/**
 * Images as the simulated container runtime sees them: reference normalisation (docker's
 * `ParseNormalizedNamed`, as containerd reports `docker.io/library/nginx:1.27`), made-up but
 * stable digests and sizes, the registry error a missing tag gives, and the per-image behaviour
 * a learner sets with `sim image` (ok, pull-error, crash, never-ready).
 */
import { memo } from '../../memo.js';
import { hashRange, hexId } from './ids.js';

export type Behaviour = 'ok' | 'pull-error' | 'crash' | 'never-ready';

export const BEHAVIOURS: readonly Behaviour[] = ['ok', 'pull-error', 'crash', 'never-ready'];

export interface ImageBehaviour {
  readonly behaviour: Behaviour;
  /** For `crash`: how long after each start the container exits (default crashAfterSeconds). */
  readonly afterMs?: number;
}

/**
 * The fully qualified reference: `nginx` -> `docker.io/library/nginx:latest`,
 * `registry.example/a:1` unchanged. A digest reference keeps its digest and gets no tag.
 */
export const normalizeImage = memo((image: string): string => {
  const at = image.indexOf('@');
  const named = at >= 0 ? image.slice(0, at) : image;
  const digest = at >= 0 ? image.slice(at) : '';
  const slash = named.lastIndexOf('/');
  const colon = named.lastIndexOf(':');
  const hasTag = colon > slash;
  let repo = hasTag ? named.slice(0, colon) : named;
  const tag = hasTag ? named.slice(colon) : digest ? '' : ':latest';
  const first = repo.indexOf('/');
  const head = first >= 0 ? repo.slice(0, first) : '';
  const hasDomain = first >= 0 && (/[.:]/.test(head) || head === 'localhost');
  if (!hasDomain) repo = `docker.io/${repo.includes('/') ? repo : `library/${repo}`}`;
  return `${repo}${tag}${digest}`;
});

/** The repository part of a normalised reference (`docker.io/library/nginx`). */
export function repositoryOf(normalized: string): string {
  const at = normalized.indexOf('@');
  const named = at >= 0 ? normalized.slice(0, at) : normalized;
  const slash = named.lastIndexOf('/');
  const colon = named.lastIndexOf(':');
  return colon > slash ? named.slice(0, colon) : named;
}

/** `sha256:<64 hex>`: the (made-up) manifest digest of an image. */
export function imageDigest(image: string): string {
  return `sha256:${hexId(`image:${normalizeImage(image)}`)}`;
}

/** `containerStatuses[].imageID`: `docker.io/library/nginx@sha256:...`. */
export const imageID = memo((image: string): string => {
  const n = normalizeImage(image);
  return n.includes('@') ? n : `${repositoryOf(n)}@${imageDigest(image)}`;
});

/** The (made-up) unpacked size the kubelet reports after a pull, between 5 MB and 400 MB. */
export const imageSize = memo((image: string): number => hashRange(normalizeImage(image), 5_000_000, 400_000_000));

/** What containerd answers for a tag the registry does not have. */
export function pullErrorMessage(image: string): string {
  const n = normalizeImage(image);
  return `rpc error: code = NotFound desc = failed to pull and unpack image "${n}": failed to resolve reference "${n}": ${n}: not found`;
}

/** `imagePullPolicy` when the API server did not default it (tag `latest` or none: Always). */
export function effectivePullPolicy(image: string, policy: string | undefined): 'Always' | 'IfNotPresent' | 'Never' {
  if (policy === 'Always' || policy === 'IfNotPresent' || policy === 'Never') return policy;
  const n = normalizeImage(image);
  return n.endsWith(':latest') ? 'Always' : 'IfNotPresent';
}
