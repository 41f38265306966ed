/**
 * Name and label format checks, ported from apimachinery `pkg/util/validation` (and its successor
 * `pkg/api/validate/content`): `IsQualifiedName` (= `content.IsLabelKey`), `IsValidLabelValue`
 * (= `content.IsLabelValue`), `IsDNS1123Label`, `IsDNS1123Subdomain`, plus the message builders
 * `RegexError`, `MaxLenError`, `EmptyError`.
 *
 * Why: the API server's validation and `kubectl -l` parsing quote these messages verbatim, and
 * learners compare them with what a real cluster says. Each check returns the list of problems
 * (empty when the value is valid), exactly as upstream does. Lengths are UTF-8 byte counts, as
 * Go's `len`.
 */

const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_KEY_ERR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_KEY_MAX = 63;
const LABEL_KEY_RE = new RegExp(`^${LABEL_KEY_FMT}$`);

const LABEL_VALUE_FMT = `(${LABEL_KEY_FMT})?`;
const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const LABEL_VALUE_MAX_LENGTH = 63;

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const DNS1123_LABEL_MAX_LENGTH = 63;
const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`);

const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);

/** `RegexError`: "<msg> (e.g. 'a',  or 'b', regex used for validation is '<fmt>')". */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let out = `${msg} (e.g. `;
  examples.forEach((example, i) => {
    if (i > 0) out += ' or ';
    out += `'${example}', `;
  });
  return `${out}regex used for validation is '${fmt}')`;
}

/** `MaxLenError`. */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** `EmptyError`. */
export function emptyError(): string {
  return 'must be non-empty';
}

/**
 * `IsQualifiedName` / `content.IsLabelKey`: an optional DNS-1123 subdomain prefix and '/', then a
 * name of at most 63 characters. (Releases before the `content` package said "a qualified name"
 * instead of "a valid label key" in the too-many-slashes message.)
 */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  let name: string;
  const slash = value.indexOf('/');
  if (slash < 0) {
    name = value;
  } else if (value.indexOf('/', slash + 1) >= 0) {
    return [
      `a valid label key ${regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  } else {
    const prefix = value.slice(0, slash);
    name = value.slice(slash + 1);
    if (prefix.length === 0) errs.push(`prefix part ${emptyError()}`);
    else for (const msg of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${msg}`);
  }
  if (name.length === 0) errs.push(`name part ${emptyError()}`);
  else if (utf8Length(name) > LABEL_KEY_MAX) errs.push(`name part ${maxLenError(LABEL_KEY_MAX)}`);
  if (!LABEL_KEY_RE.test(name)) {
    errs.push(`name part ${regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')}`);
  }
  return errs;
}

/** `IsValidLabelValue` / `content.IsLabelValue`: empty, or a qualified name part of at most 63 characters. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > LABEL_VALUE_MAX_LENGTH) errs.push(maxLenError(LABEL_VALUE_MAX_LENGTH));
  if (value.length > 0 && !LABEL_KEY_RE.test(value)) {
    errs.push(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  }
  return errs;
}

/** `IsDNS1123Label`: lower-case alphanumerics and '-', at most 63 characters. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!DNS1123_LABEL_RE.test(value)) {
    if (DNS1123_SUBDOMAIN_RE.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

/** `IsDNS1123Subdomain`: dot-separated DNS-1123 labels, at most 253 characters. */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!DNS1123_SUBDOMAIN_RE.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

/** Label-key check under the name validation code uses. */
export const validateLabelKey = isQualifiedName;
/** Label-value check under the name validation code uses. */
export const validateLabelValue = isValidLabelValue;

/**
 * Go's `len(s)`: the UTF-8 byte length (a lone surrogate counts as the 3 bytes of the U+FFFD
 * that Go's JSON decoding puts in its place). By UTF-16 unit, from the length: a unit below
 * U+0080 is one byte, below U+0800 two, any other three, and a surrogate pair (two units) four.
 * Every label, annotation and name of every object created is measured; iterating the string by
 * code point (`for...of`) made a string iterator per string and took three times as long.
 */
export function utf8Length(s: string): number {
  const length = s.length;
  let n = length;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2;
      i++;
    } else n += 2;
  }
  return n;
}
