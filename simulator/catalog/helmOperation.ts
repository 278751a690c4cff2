/**
 * The `catalog.cattle.io.operation` Rancher records for each Helm action it runs (rancher/rancher
 * pkg/catalogv2/helmop/operation.go `createOperation`): named after the helm-operation pod that runs the command,
 * in the release's namespace, its status the action, release, command line and pod. The simulator runs nothing,
 * so it stores the operation as Rancher's operation controller leaves it once the pod's `helm` container exited 0
 * (pkg/controllers/dashboard/helm/operations.go `onOperationChange`: podCreated, observedGeneration and wrangler's
 * kstatus.SetActive conditions).
 */
import { randomInt } from 'node:crypto';
import { newUid } from '../steve/ids';
import { getObject, SimState, storeObject } from '../steve/state';
import { KubeObject } from '../steve/types';

export const OPERATION_TYPE = 'catalog.cattle.io.operation';
/** Where Rancher runs helm-operation pods (its own namespace). */
export const OPERATION_POD_NAMESPACE = 'cattle-system';
/** Where the operation pod mounts the chart and values (helmop `helmDataPath`). */
const HELM_DATA_PATH = '/home/shell/helm';

/** Kubernetes' generateName suffix: 5 characters of apimachinery's rand.String alphabet (no vowels, no 0/1/3). */
function nameSuffix(): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';

  return Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** `camelCase` -> `--camel-case`, as wrangler's convert.ToArgKey names helm flags. */
function argKey(key: string): string {
  return `--${ key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase() }`;
}

/** What a Helm action is: helmop's Command for one chart, before it is rendered into arguments. */
export interface HelmCommand {
  operation: 'install' | 'upgrade' | 'uninstall';
  releaseName: string;
  /** Namespace as `--namespace` (install/upgrade pass it as an argument object; uninstall as ReleaseNamespace). */
  namespace: string;
  /** The flags from the request's argument objects (version, labels, history-max, ...), by JSON key. */
  flags: Record<string, string | number | boolean>;
  /** Chart archive file name (install/upgrade), mounted under HELM_DATA_PATH. */
  chartFile?: string;
  /** Values file name, when the request gave values. */
  valuesFile?: string;
}

/** helmop `Command.renderArgs` + `Commands.CommandArgs`: `helm <op> <sorted flags> <release> [<chart>]`. */
export function commandArgs(cmd: HelmCommand): string[] {
  const args = Object.entries(cmd.flags).map(([k, v]) => `${ argKey(k) }=${ v }`);

  if (cmd.valuesFile) {
    args.push(`--values=${ HELM_DATA_PATH }/${ cmd.valuesFile }`);
  }
  args.push(`--namespace=${ cmd.namespace }`);
  args.sort();

  return ['helm', cmd.operation, ...args, cmd.releaseName, ...(cmd.chartFile ? [`${ HELM_DATA_PATH }/${ cmd.chartFile }`] : [])];
}

const condition = (type: string, now: string) => ({
  type, status: 'False', lastUpdateTime: now
});

/** Stores the finished operation of a Helm command; returns it. */
export function recordOperation(state: SimState, cmd: HelmCommand): KubeObject {
  let name = `helm-operation-${ nameSuffix() }`;

  while (getObject(state, 'local', OPERATION_TYPE, `${ cmd.namespace }/${ name }`)) {
    name = `helm-operation-${ nameSuffix() }`;
  }
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const op: KubeObject = {
    apiVersion: 'catalog.cattle.io/v1',
    kind:       'Operation',
    metadata:   {
      name,
      namespace:         cmd.namespace,
      uid:               newUid(`operation/${ name }`),
      creationTimestamp: now,
      generation:        1,
    },
    status: {
      action:             cmd.operation,
      releaseName:        cmd.releaseName,
      namespace:          cmd.namespace,
      command:            commandArgs(cmd),
      token:              newUid(`token/${ name }`).replace(/-/g, ''),
      podName:            name,
      podNamespace:       OPERATION_POD_NAMESPACE,
      podCreated:         true,
      observedGeneration: 1,
      conditions:         [condition('Reconciling', now), condition('Stalled', now)],
    },
  };

  return storeObject(state, 'local', OPERATION_TYPE, op);
}

/** The operation's log lines, as the helm-operation pod prints them (helm's output framed by the shell image's script). */
export function operationLog(op: KubeObject): string[] {
  const command = (op.status?.command || []).join(' ');
  const release = op.status?.releaseName;
  const outcome: Record<string, string[]> = {
    install:   [`NAME: ${ release }`, `NAMESPACE: ${ op.status?.namespace }`, 'STATUS: deployed', 'REVISION: 1', 'TEST SUITE: None'],
    upgrade:   [`Release "${ release }" has been upgraded. Happy Helming!`, `NAMESPACE: ${ op.status?.namespace }`, 'STATUS: deployed'],
    uninstall: [`release "${ release }" uninstalled`],
  };
  const rule = '-'.repeat(69);

  return [command, ...(outcome[op.status?.action] || []), rule, `SUCCESS: ${ command }`, rule];
}
