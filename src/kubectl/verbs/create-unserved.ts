/**
 * `kubectl create KIND NAME ...` for the generators of kinds the playground does not serve
 * (kubectl `pkg/cmd/create/create_*.go`). Each builds its object and POSTs it with a typed
 * client; the API server has no route for the kind, so the answer is its generic NotFound, which
 * most generators wrap (`failed to create configmap: ...`). The line naming what the playground
 * models follows. `create priorityclass` is a kind the playground serves through a manifest only.
 * `create deployment` builds its object first (create-deployment.ts) and ends here unless it is a
 * client dry run.
 */
import { noRoute } from '../../sim/apiserver/errors.js';
import { fail, serverError, type ExecResult } from '../result.js';
import { MODELLED } from './resource-args.js';

/** Each generator (and alias) with the words its Run puts before the server's error ('' for none). */
const GENERATORS: Readonly<Record<string, string>> = {
  clusterrole: '',
  clusterrolebinding: 'failed to create clusterrolebinding: ',
  configmap: 'failed to create configmap: ',
  cm: 'failed to create configmap: ',
  cronjob: 'failed to create cronjob: ',
  cj: 'failed to create cronjob: ',
  ingress: 'failed to create ingress: ',
  ing: 'failed to create ingress: ',
  job: 'failed to create job: ',
  poddisruptionbudget: 'failed to create poddisruptionbudgets: ',
  pdb: 'failed to create poddisruptionbudgets: ',
  quota: 'failed to create quota: ',
  resourcequota: 'failed to create quota: ',
  role: '',
  rolebinding: 'failed to create rolebinding: ',
  secret: 'failed to create secret ',
  serviceaccount: 'failed to create serviceaccount: ',
  sa: 'failed to create serviceaccount: ',
  token: 'failed to create token: ',
};

/** `create service TYPE`: the service type its error names. */
const SERVICE_TYPES: Readonly<Record<string, string>> = { clusterip: 'ClusterIP', nodeport: 'NodePort', loadbalancer: 'LoadBalancer', externalname: 'ExternalName' };

/** The result of `kubectl create SUB ...` when SUB is a generator of an unserved kind, else undefined. */
export function createUnserved(sub: string, rest: readonly string[]): ExecResult | undefined {
  if (sub === 'priorityclass' || sub === 'pc') {
    return fail('error: "kubectl create priorityclass" is not available in this playground: write a PriorityClass manifest and create it with "kubectl create -f"');
  }
  let prefix: string;
  if (sub === 'service' || sub === 'svc') {
    const type = rest[0] !== undefined && Object.hasOwn(SERVICE_TYPES, rest[0]) ? SERVICE_TYPES[rest[0]]! : undefined;
    if (!type) return undefined;
    prefix = `failed to create ${type} service: `;
  } else if (Object.hasOwn(GENERATORS, sub)) prefix = GENERATORS[sub]!;
  else return undefined;
  return noRouteFailure(prefix);
}

/**
 * The API server's answer to a generator's POST of a kind it has no route for, wrapped in the
 * words the generator puts before it (`failed to create deployment: `, or '' for none), and the
 * line naming what the playground models.
 */
export function noRouteFailure(prefix: string): ExecResult {
  const error = noRoute();
  return fail(`${prefix === '' ? serverError(error) : `error: ${prefix}${error.message}`}\n${MODELLED}`);
}
