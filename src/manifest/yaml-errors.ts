/**
 * The yaml library's errors, reworded the way kubectl's YAML reader (go-yaml) says them.
 *
 * kubectl prints `error parsing FILE: error converting YAML to JSON: yaml: line 7: mapping values
 * are not allowed in this context`. The line comes from the yaml library's error position; the
 * reason is go-yaml's where the two parsers clearly describe the same mistake, and the yaml
 * library's own message otherwise (the two parsers disagree on wording far more than on where).
 */
import type { YAMLParseError } from 'yaml';

/** yaml error codes whose go-yaml wording is well known. */
const GO_YAML_REASONS: Partial<Record<YAMLParseError['code'], string>> = {
  BLOCK_AS_IMPLICIT_KEY: 'mapping values are not allowed in this context',
  TAB_AS_INDENT: 'found character that cannot start any token',
};

/** `error parsing FILE: error converting YAML to JSON: <reason>`. */
export function parsingMessage(fileName: string, reason: string): string {
  return `error parsing ${fileName}: error converting YAML to JSON: ${reason}`;
}

/** The reason part for a syntax error found on `line`. */
export function syntaxReason(error: YAMLParseError, line: number): string {
  return `yaml: line ${line}: ${GO_YAML_REASONS[error.code] ?? error.message}`;
}

/**
 * The reason part for an error thrown by `toJS`. These carry no position (`doc.errors` can be
 * empty while `toJS` throws, e.g. on alias bombs or an unresolved alias):
 * the caller places them at the alias involved or at the document.
 */
export function conversionReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/^Excessive alias count/.test(message)) return 'yaml: document contains excessive aliasing';
  const unresolved = /^Unresolved alias[^:]*: (.*)$/.exec(message);
  if (unresolved) return `yaml: unknown anchor '${unresolved[1]}' referenced`;
  return `yaml: ${message}`;
}
