/**
 * How the yaml library is configured to read YAML the way kubectl does.
 *
 * kubectl converts YAML with go-yaml v2, a YAML 1.1 reader: `yes`/`no`/`on`/`off`/`y`/`n` are
 * booleans, `0755` is octal, `<<` merges mappings. Unlike the YAML 1.1 spec (and the yaml
 * library's 1.1 schema), go-yaml keeps timestamps, sexagesimal numbers (`22:22`) and `!!binary`
 * as plain strings when decoding into untyped data, so those tags are dropped; `!!set`,
 * `!!omap` and `!!pairs` would produce non-JSON values and are dropped too.
 * Duplicate keys are not a parse error here: the last value wins and decode.ts reports them.
 */
import type { Composer, Tags } from 'yaml';
import { MAX_ALIAS_COUNT } from './limits.js';

const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'tag:yaml.org,2002:timestamp',
  'tag:yaml.org,2002:binary',
  'tag:yaml.org,2002:set',
  'tag:yaml.org,2002:omap',
  'tag:yaml.org,2002:pairs',
]);

function goYamlTags(tags: Tags): Tags {
  return tags.filter((t) => typeof t !== 'object' || (!DROPPED_TAGS.has(t.tag) && !('format' in t && t.format === 'TIME')));
}

/** Options for the yaml Composer. */
export const COMPOSE_OPTIONS: ConstructorParameters<typeof Composer>[0] = {
  version: '1.1',
  merge: true,
  uniqueKeys: false,
  prettyErrors: false,
  logLevel: 'silent',
  customTags: goYamlTags,
};

/**
 * Options for composing one value of a stream kubectl reads as JSON (parse.ts): the yaml
 * library's JSON schema, so scalars resolve as encoding/json reads them (`1e3` a number, where
 * YAML 1.1 keeps a string), no `<<` merges, and the last of a repeated key kept.
 */
export const JSON_COMPOSE_OPTIONS: ConstructorParameters<typeof Composer>[0] = {
  version: '1.2',
  schema: 'json',
  uniqueKeys: false,
  prettyErrors: false,
  logLevel: 'silent',
};

/** Options for `Document.toJS`: plain objects, and the billion-laughs guard. */
export const TO_JS_OPTIONS = { maxAliasCount: MAX_ALIAS_COUNT, mapAsMap: false } as const;
