/** One check read from YAML and evaluated against a cluster, as the runtime does. */
import { expect } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import type { Cluster } from '../../../src/sim/engine/cluster.js';
import { CHECK_KINDS, checkTitle } from '../../../src/tutorial/checks/index.js';
import type { CheckOutcome, CheckSpec } from '../../../src/tutorial/checks/types.js';
import { formatDiagnostic, type Diagnostic } from '../../../src/tutorial/diagnostics.js';
import { EventLog } from '../../../src/tutorial/event-log.js';
import { MapReader, YamlSource } from '../../../src/tutorial/yaml-reader.js';

/** Parses `yaml` (one check's mapping, without id/kind/hint) as a check of `kind`. */
export function parseCheck(kind: string, yaml: string): { spec?: CheckSpec; problems: string[] } {
  const diagnostics: Diagnostic[] = [];
  const src = new YamlSource('lesson.yaml', yaml, diagnostics);
  const r = MapReader.of(src, src.root, 'check "c"')!;
  const spec = CHECK_KINDS.get(kind)!.parse(r, { id: 'c', failsAtStart: true, hint: 'h', line: 1, column: 1 }, { stepRef: () => undefined });
  r.done();
  return { ...(spec ? { spec } : {}), problems: diagnostics.map((d) => formatDiagnostic(d)) };
}

/** The words the checklist shows for a check of `kind` read from `yaml` (its title or description). */
export function titleOf(kind: string, yaml: string): string {
  return checkTitle(check(kind, yaml));
}

export function check(kind: string, yaml: string): CheckSpec {
  const { spec, problems } = parseCheck(kind, yaml);
  expect(problems).toEqual([]);
  return spec!;
}

/** Evaluates a stateless check now; `events` is a log that watched the cluster from its start. */
export function outcome(spec: CheckSpec, cluster: Cluster, events = new EventLog(cluster.store)): CheckOutcome {
  return CHECK_KINDS.get(spec.kind)!.evaluate!(spec as never, { cluster, events, exec: (line) => exec(cluster, line) });
}
