/**
 * describe.go's `DescribePodTemplate`: the `Pod Template:` section of `kubectl describe ds` and of
 * `kubectl rollout history --revision` / `rollout undo --dry-run`.
 */
import type { PodTemplateSpec } from '../../../sim/api/types.js';
import { describeContainers } from './containers.js';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './multiline.js';
import { describeVolumes } from './volumes.js';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './writer.js';

export function describePodTemplate(template: PodTemplateSpec | undefined, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const spec = template.spec;
  printLabelsMultiline(w, '  Labels', template.metadata?.labels);
  if (Object.keys(template.metadata?.annotations ?? {}).length > 0) printAnnotationsMultiline(w, '  Annotations', template.metadata?.annotations);
  if (spec.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if (spec.initContainers && spec.initContainers.length > 0) describeContainers('Init Containers', spec.initContainers, undefined, undefined, w, '  ');
  describeContainers('Containers', spec.containers, undefined, undefined, w, '  ');
  describeVolumes(spec.volumes, w, '  ');
  if (spec.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec.tolerations);
}
