import { describe, expect, test } from 'vitest';
import { daemonSet, event, newCluster, node, put, run, scene, template } from '../verbs/fixtures.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

function withEvents() {
  const { c, ds } = scene();
  const p = c.store.get('Pod', 'default', 'agent-9fz2m')!;
  put(c, event(ds, 'SuccessfulCreate', 'Created pod: agent-4x7kq', { first: -300 }));
  put(c, event(ds, 'SuccessfulCreate', 'Created pod: agent-9fz2m', { first: -299 }));
  put(c, event(p, 'Pulled', 'Container image "registry.example/agent:1" already present on machine', { first: -200, last: -40, count: 2, source: 'kubelet' }));
  return c;
}

describe('kubectl describe output', () => {
  test('daemonset: describeDaemonSet lines, pod template, events', () => {
    expect(run(withEvents(), 'kubectl describe ds agent').stdout).toBe(
      lines(
      'Name:           agent',
      'Namespace:      default',
      'Selector:       app=agent',
      'Node-Selector:  <none>',
      'Labels:         app=agent',
      'Annotations:    deprecated.daemonset.template.generation: 1',
      'Desired Number of Nodes Scheduled: 3',
      'Current Number of Nodes Scheduled: 3',
      'Number of Nodes Scheduled with Up-to-date Pods: 2',
      'Number of Nodes Scheduled with Available Pods: 2',
      'Number of Nodes Misscheduled: 0',
      'Pods Status:  2 Running / 1 Waiting / 0 Succeeded / 0 Failed',
      'Pod Template:',
      '  Labels:  app=agent',
      '  Containers:',
      '   agent:',
      '    Image:      registry.example/agent:1',
      '    Port:       <none>',
      '    Host Port:  <none>',
      '    Limits:',
      '      memory:  128Mi',
      '    Requests:',
      '      cpu:         100m',
      '      memory:      128Mi',
      '    Environment:   <none>',
      '    Mounts:        <none>',
      '  Volumes:         <none>',
      '  Node-Selectors:  <none>',
      '  Tolerations:     <none>',
      'Events:',
      '  Type    Reason            Age    From                  Message',
      '  ----    ------            ----   ----                  -------',
      '  Normal  SuccessfulCreate  5m     daemonset-controller  Created pod: agent-4x7kq',
      '  Normal  SuccessfulCreate  4m59s  daemonset-controller  Created pod: agent-9fz2m',
      ),
    );
  });

  test('pod: node, IPs, controller, container state, conditions (trailing spaces), tolerations, repeated event', () => {
    expect(run(withEvents(), 'kubectl describe pod agent-9fz2m').stdout).toBe(
      lines(
      'Name:             agent-9fz2m',
      'Namespace:        default',
      'Priority:         0',
      'Service Account:  default',
      'Node:             node-2/10.0.0.1',
      'Start Time:       Wed, 31 Dec 2025 23:55:01 +0000',
      'Labels:           app=agent',
      'Annotations:      <none>',
      'Status:           Running',
      'IP:               10.244.1.7',
      'IPs:',
      '  IP:           10.244.1.7',
      'Controlled By:  DaemonSet/agent',
      'Containers:',
      '  agent:',
      '    Container ID:   containerd://0123',
      '    Image:          registry.example/agent:1',
      '    Image ID:       registry.example/agent@sha256:abc',
      '    Port:           <none>',
      '    Host Port:      <none>',
      '    State:          Running',
      '      Started:      Wed, 31 Dec 2025 23:55:10 +0000',
      '    Ready:          True',
      '    Restart Count:  1',
      '    Limits:',
      '      memory:  128Mi',
      '    Requests:',
      '      cpu:        100m',
      '      memory:     128Mi',
      '    Environment:  <none>',
      '    Mounts:       <none>',
      'Conditions:',
      '  Type              Status',
      '  Initialized       True ',
      '  Ready             True ',
      '  ContainersReady   True ',
      '  PodScheduled      True ',
      'Volumes:            <none>',
      'QoS Class:          Burstable',
      'Node-Selectors:     <none>',
      'Tolerations:        node.kubernetes.io/not-ready:NoExecute op=Exists',
      '                    node.kubernetes.io/unreachable:NoExecute op=Exists',
      'Events:',
      '  Type    Reason  Age                  From     Message',
      '  ----    ------  ----                 ----     -------',
      '  Normal  Pulled  40s (x2 over 3m20s)  kubelet  Container image "registry.example/agent:1" already present on machine',
      ),
    );
  });

  test('node: taints, lease, conditions, capacity, non-terminated pods with shares, allocated resources', () => {
    expect(run(withEvents(), 'kubectl describe node node-1').stdout).toBe(
      lines(
      'Name:               node-1',
      'Roles:              control-plane',
      'Labels:             kubernetes.io/os=linux',
      '                    node-role.kubernetes.io/control-plane=',
      'Annotations:        <none>',
      'CreationTimestamp:  Wed, 31 Dec 2025 23:00:00 +0000',
      'Taints:             node-role.kubernetes.io/control-plane:NoSchedule',
      'Unschedulable:      false',
      'Lease:',
      '  HolderIdentity:  node-1',
      '  AcquireTime:     <unset>',
      '  RenewTime:       Wed, 31 Dec 2025 23:59:50 +0000',
      'Conditions:',
      '  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message',
      '  ----             ------  -----------------                 ------------------                ------                       -------',
      '  MemoryPressure   False   Wed, 31 Dec 2025 23:59:50 +0000   Wed, 31 Dec 2025 23:00:00 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available',
      '  Ready            True    Wed, 31 Dec 2025 23:59:50 +0000   Wed, 31 Dec 2025 23:00:10 +0000   KubeletReady                 kubelet is posting ready status',
      'Addresses:',
      '  InternalIP:  10.0.0.1',
      '  Hostname:    node-1',
      'Capacity:',
      '  cpu:                2',
      '  ephemeral-storage:  20Gi',
      '  memory:             4Gi',
      '  pods:               110',
      'Allocatable:',
      '  cpu:                2',
      '  ephemeral-storage:  20Gi',
      '  memory:             4Gi',
      '  pods:               110',
      'System Info:',
      '  Machine ID:                 ',
      '  System UUID:                ',
      '  Boot ID:                    ',
      '  Kernel Version:             6.1.0-18-amd64',
      '  OS Image:                   Debian GNU/Linux 12 (bookworm)',
      '  Operating System:           linux',
      '  Architecture:               amd64',
      '  Container Runtime Version:  containerd://1.7.13',
      '  Kubelet Version:            v1.32.0',
      'Non-terminated Pods:          (2 in total)',
      '  Namespace                   Name           CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age',
      '  ---------                   ----           ------------  ----------  ---------------  -------------  ---',
      '  default                     agent-4x7kq    100m (5%)     0 (0%)      128Mi (3%)       128Mi (3%)     5m',
      '  kube-system                 coredns        100m (5%)     0 (0%)      128Mi (3%)       128Mi (3%)     5m',
      'Allocated resources:',
      '  (Total limits may be over 100 percent, i.e., overcommitted.)',
      '  Resource           Requests    Limits',
      '  --------           --------    ------',
      '  cpu                200m (10%)  0 (0%)',
      '  memory             256Mi (6%)  256Mi (6%)',
      '  ephemeral-storage  0 (0%)      0 (0%)',
      'Events:              <none>',
      ),
    );
  });

  test('daemonset pod template: annotations, ports, probe, env, mounts, hostPath volumes, priority class, tolerations', () => {
    const c = newCluster();
    const tpl = template('registry.example/agent:2', {
      priorityClassName: 'system-node-critical',
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      tolerations: [
        { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { operator: 'Exists' },
      ],
      volumes: [
        { name: 'varlog', hostPath: { path: '/var/log', type: '' } },
        { name: 'run', hostPath: { path: '/run/agent', type: 'DirectoryOrCreate' } },
      ],
    });
    const container = {
      name: 'agent',
      image: 'registry.example/agent:2',
      ports: [{ name: 'metrics', containerPort: 9100, hostPort: 9100, protocol: 'TCP' as const }],
      env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }, { name: 'LEVEL', value: 'info' }],
      readinessProbe: { httpGet: { path: '/healthz', port: 9100 }, initialDelaySeconds: 5, periodSeconds: 10 },
      volumeMounts: [
        { name: 'varlog', mountPath: '/var/log', readOnly: true },
        { name: 'run', mountPath: '/run/agent' },
      ],
    };
    put(c, daemonSet('agent', {
      template: { metadata: { labels: { app: 'agent' }, annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-01-01T00:00:00Z' } }, spec: { ...tpl.spec, containers: [container] } },
    }));
    const out = run(c, 'kubectl describe daemonset agent').stdout;
    expect(out.slice(out.indexOf('Pod Template:'))).toBe(
      lines(
        'Pod Template:',
        '  Labels:       app=agent',
        '  Annotations:  kubectl.kubernetes.io/restartedAt: 2026-01-01T00:00:00Z',
        '  Containers:',
        '   agent:',
        '    Image:      registry.example/agent:2',
        '    Port:       9100/TCP (metrics)',
        '    Host Port:  9100/TCP (metrics)',
        '    Readiness:  http-get http://:9100/healthz delay=5s timeout=1s period=10s #success=1 #failure=3',
        '    Environment:',
        '      NODE_NAME:   (v1:spec.nodeName)',
        '      LEVEL:      info',
        '    Mounts:',
        '      /run/agent from run (rw)',
        '      /var/log from varlog (ro)',
        '  Volumes:',
        '   varlog:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /var/log',
        '    HostPathType:  ',
        '   run:',
        '    Type:               HostPath (bare host directory volume)',
        '    Path:               /run/agent',
        '    HostPathType:       DirectoryOrCreate',
        '  Priority Class Name:  system-node-critical',
        '  Node-Selectors:       kubernetes.io/os=linux',
        '  Tolerations:          op=Exists',
        '                        node-role.kubernetes.io/control-plane:NoSchedule op=Exists',
        '                        node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
        'Events:                 <none>',
      ),
    );
  });

  test('a terminating pod says how long it lasts; a waiting container shows its reason', () => {
    const { c } = scene();
    const p = c.store.get('Pod', 'default', 'agent-bbq5s')!;
    put(c, { ...p, metadata: { ...p.metadata, deletionTimestamp: '2026-01-01T00:00:30Z', deletionGracePeriodSeconds: 30 } });
    const out = run(c, 'kubectl describe pod agent-bbq5s').stdout;
    expect(out).toContain('\nStatus:                    Terminating (lasts <invalid>)\nTermination Grace Period:  30s\nIP:                        \nIPs:                       <none>\n');
    expect(out).toContain('\n    State:          Waiting\n      Reason:       ContainerCreating\n    Ready:          False\n');
  });

  test('node without pods or events, and a NotReady node condition row', () => {
    const c = newCluster();
    put(c, node('n2', { ready: 'False' }));
    const out = run(c, 'kubectl describe no n2').stdout;
    expect(out).toContain('  Ready            False   Wed, 31 Dec 2025 23:59:50 +0000');
    expect(out).toContain('Non-terminated Pods:          (0 in total)\n');
    expect(out).toContain('  cpu                0 (0%)    0 (0%)\n');
    expect(out.endsWith('Events:              <none>\n')).toBe(true);
  });
});

