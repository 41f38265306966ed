/**
 * Whether a text is a container image reference as kubectl run checks `--image` before anything
 * else happens: `reference.ReferenceRegexp` of github.com/distribution/reference (`regexp.go`),
 * an optional registry host (a domain, an IPv4 address or a bracketed IPv6 address, with an
 * optional port) and `/`, then lower-case path components, then an optional `:tag` and an
 * optional `@algorithm:digest`. `NGINX` or `nginx latest` are refused with
 * `Invalid image name "NGINX": invalid reference format`.
 */

const ALPHANUMERIC = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN_NAME = `${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*`;
const IPV6 = '\\[(?:[a-fA-F0-9:]+)\\]';
const DOMAIN_AND_PORT = `(?:${DOMAIN_NAME}|${IPV6})(?::[0-9]+)?`;
const PATH_COMPONENT = `${ALPHANUMERIC}(?:${SEPARATOR}${ALPHANUMERIC})*`;
const NAME = `(?:${DOMAIN_AND_PORT}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';

const REFERENCE = new RegExp(`^${NAME}(?::${TAG})?(?:@${DIGEST})?$`);

export function isImageReference(image: string): boolean {
  return REFERENCE.test(image);
}
