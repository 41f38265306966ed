/**
 * The image-name rule behind the `imagePullPolicy` default (`SetDefaults_Container` with
 * `parsers.ParseImageName`, which wraps docker's `reference.ParseNormalizedNamed`).
 *
 * `nginx` and `nginx:latest` pull Always (no tag means `latest`); `nginx:1.27` and
 * `nginx@sha256:...` pull IfNotPresent; a name the reference parser rejects (empty, or an
 * upper-case repository) yields no tag and therefore IfNotPresent, as upstream ignores the error.
 */

/** The tag and digest of an image reference, or undefined when docker's parser would reject it. */
export function parseImageName(image: string): { tag: string; digest: string } | undefined {
  if (image.length === 0 || /\s/.test(image)) return undefined;
  const at = image.indexOf('@');
  const named = at >= 0 ? image.slice(0, at) : image;
  const digest = at >= 0 ? image.slice(at + 1) : '';
  if (at >= 0 && !/^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/.test(digest)) return undefined;
  const slash = named.lastIndexOf('/');
  const colon = named.lastIndexOf(':');
  const hasTag = colon > slash;
  const repo = hasTag ? named.slice(0, colon) : named;
  const tag = hasTag ? named.slice(colon + 1) : '';
  if (hasTag && !/^[\w][\w.-]{0,127}$/.test(tag)) return undefined;
  const first = repo.indexOf('/');
  const hasDomain = first >= 0 && (/[.:]/.test(repo.slice(0, first)) || repo.slice(0, first) === 'localhost' || repo.slice(0, first) !== repo.slice(0, first).toLowerCase());
  const path = hasDomain ? repo.slice(first + 1) : repo;
  if (!/^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/.test(path)) return undefined;
  return { tag: tag.length === 0 && digest.length === 0 ? 'latest' : tag, digest };
}

/** `Always` for a `latest` (or missing) tag, else `IfNotPresent`. */
export function imagePullPolicyFor(image: string): 'Always' | 'IfNotPresent' {
  return parseImageName(image)?.tag === 'latest' ? 'Always' : 'IfNotPresent';
}
