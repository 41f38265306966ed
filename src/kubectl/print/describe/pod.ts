/**
 * `kubectl describe pod`: describe.go's `PodDescriber` / `describePod` (identity, node, status,
 * IPs, `Controlled By`, containers with their states, conditions, volumes, QoS, node selectors,
 * tolerations, events).
 */
import type { Pod } from '../../../sim/api/types.js';
import type { Store } from '../../../sim/store/store.js';
import { translateTimestampSince } from '../../format/duration.js';
import { rfc1123z } from '../go-format.js';
import { podIP } from '../tables/pod.js';
import { describeContainers, type EnvResolver } from './containers.js';
import { describeEvents, type EventSearch } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './multiline.js';
import { podQOS } from './qos.js';
import { describeVolumes } from './volumes.js';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './writer.js';

/** `EnvValueRetriever`: the downward-API fields a `fieldRef` env var may name. */
function envResolver(pod: Pod): EnvResolver {
  return (path) => {
    const m = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
    if (m) return (m[1] === 'labels' ? pod.metadata.labels : pod.metadata.annotations)?.[m[2]!] ?? '';
    const fields: Record<string, string | undefined> = {
      'metadata.name': pod.metadata.name,
      'metadata.namespace': pod.metadata.namespace,
      'metadata.uid': pod.metadata.uid,
      'spec.nodeName': pod.spec.nodeName,
      'spec.serviceAccountName': pod.spec.serviceAccountName,
      'status.hostIP': pod.status?.hostIP,
      'status.podIP': podIP(pod),
    };
    return fields[path] ?? '';
  };
}

function describeIPs(pod: Pod, w: PrefixWriter): void {
  const ips = (pod.status as { podIPs?: readonly { ip: string }[] } | undefined)?.podIPs ?? (pod.status?.podIP ? [{ ip: pod.status.podIP }] : []);
  if (ips.length === 0) return w.write(LEVEL_0, 'IPs:\t<none>\n');
  w.write(LEVEL_0, 'IPs:\n');
  for (const ip of ips) w.write(LEVEL_1, `IP:\t${ip.ip}\n`);
}

export function describePod(store: Store, pod: Pod, now: number, search: EventSearch | undefined): string {
  const events = search?.about({ name: pod.metadata.name, namespace: pod.metadata.namespace ?? '', uids: [pod.metadata.uid] });
  const st = pod.status ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pod.metadata.name}\n`);
    w.write(LEVEL_0, `Namespace:\t${pod.metadata.namespace ?? ''}\n`);
    if (pod.spec.priority !== undefined) w.write(LEVEL_0, `Priority:\t${pod.spec.priority}\n`);
    if (pod.spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${pod.spec.priorityClassName}\n`);
    if (pod.spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${pod.spec.serviceAccountName}\n`);
    w.write(LEVEL_0, pod.spec.nodeName ? `Node:\t${pod.spec.nodeName}/${st.hostIP ?? ''}\n` : 'Node:\t<none>\n');
    if (st.startTime) w.write(LEVEL_0, `Start Time:\t${rfc1123z(st.startTime)}\n`);
    printLabelsMultiline(w, 'Labels', pod.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', pod.metadata.annotations);
    if (pod.metadata.deletionTimestamp && st.phase !== 'Failed' && st.phase !== 'Succeeded') {
      w.write(LEVEL_0, `Status:\tTerminating (lasts ${translateTimestampSince(pod.metadata.deletionTimestamp, now)})\n`);
      w.write(LEVEL_0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? 0}s\n`);
    } else w.write(LEVEL_0, `Status:\t${st.phase ?? ''}\n`);
    if (st.reason) w.write(LEVEL_0, `Reason:\t${st.reason}\n`);
    if (st.message) w.write(LEVEL_0, `Message:\t${st.message}\n`);
    w.write(LEVEL_0, `IP:\t${st.podIP ?? ''}\n`);
    describeIPs(pod, w);
    const owner = pod.metadata.ownerReferences?.find((r) => r.controller);
    if (owner) w.write(LEVEL_0, `Controlled By:\t${owner.kind}/${owner.name}\n`);
    if (st.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${st.nominatedNodeName}\n`);
    const resolve = envResolver(pod);
    const initStatuses = (st as { initContainerStatuses?: Pod['status']['containerStatuses'] }).initContainerStatuses;
    if (pod.spec.initContainers && pod.spec.initContainers.length > 0) describeContainers('Init Containers', pod.spec.initContainers, initStatuses, resolve, w, '');
    describeContainers('Containers', pod.spec.containers, st.containerStatuses, resolve, w, '');
    if (st.conditions && st.conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
      for (const c of st.conditions) w.write(LEVEL_1, `${c.type} \t${c.status} \n`);
    }
    describeVolumes(pod.spec.volumes, w, '');
    w.write(LEVEL_0, `QoS Class:\t${podQOS(pod)}\n`);
    printLabelsMultiline(w, 'Node-Selectors', pod.spec.nodeSelector);
    printTolerationsMultiline(w, 'Tolerations', pod.spec.tolerations);
    describeEvents(events, w, now);
  });
}
