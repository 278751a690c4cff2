/**
 * The `catalog.cattle.io.operation` Rancher records for each Helm action it runs (rancher/rancher
 * pkg/catalogv2/helmop/operation.go `createOperation`): named after the helm-operation pod that runs the command,
 * in the release's namespace, its status the action, release, command line and pod. The simulator runs no pod:
 * it moves the operation through the states Rancher's operation controller gives it as the pod's `helm` container
 * waits, runs and exits 0 (pkg/controllers/dashboard/helm/operations.go `onOperationChange`: wrangler kstatus
 * conditions, then podCreated and observedGeneration), and makes the Helm changes while it "runs".
 */
import { randomInt } from 'node:crypto';
import { newUid } from '../core/ids';
import { OPERATION_TYPE } from '../core/registry';
import { getObject, SimState, storeObject } from '../core/state';
import { KubeObject } from '../core/types';

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

/**
 * How long the simulated helm-operation pod takes: to start (Rancher creates the pod, the kubelet pulls and runs
 * it) and then to run helm. Long enough that the dashboard sees the operation under way first, as it does in
 * Rancher, where its Extensions page clears an uninstall's "Uninstalling" only on the operation's last change.
 */
export const OPERATION_TIMING = { startMs: 1000, runMs: 3000 };

const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/**
 * wrangler kstatus as Rancher's operation controller sets it: SetTransitioning (Reconciling=True with a message),
 * SetError (Stalled=True with a message) or SetActive (both False).
 */
export function kstatusConditions(s: { transitioning?: string; stalled?: string }): Record<string, string>[] {
  const now = stamp();

  return [
    {
      type: 'Reconciling', status: s.transitioning ? 'True' : 'False', lastUpdateTime: now, ...(s.transitioning ? { reason: 'Reconciling', message: s.transitioning } : {})
    },
    {
      type: 'Stalled', status: s.stalled ? 'True' : 'False', lastUpdateTime: now, ...(s.stalled ? { reason: 'Stalled', message: s.stalled } : {})
    },
  ];
}

/** Updates the operation's status, unless it is gone (deleted, or the simulator was reset meanwhile). */
function advance(state: SimState, cluster: string, op: KubeObject, status: Record<string, unknown>): boolean {
  const id = `${ op.metadata.namespace }/${ op.metadata.name }`;
  const current = getObject(state, cluster, OPERATION_TYPE, id);

  if (!current || current.metadata.uid !== op.metadata.uid) {
    return false;
  }
  storeObject(state, cluster, OPERATION_TYPE, { ...current, status: { ...current.status, ...status } });

  return true;
}

function later(ms: number, fn: () => void): void {
  setTimeout(fn, ms).unref?.();
}

/**
 * Stores the operation of a Helm command and plays it out as Rancher's operation controller reports it: waiting for
 * its pod, then running (`podCreated`, which adds the `logs` link; `work` makes the Helm changes then), then done.
 * Returns the operation as created. `cluster`: where the Helm commands run, and so where Rancher keeps the Operation
 * (an install on a guest's rancher-charts: in the guest, the release's namespace; helmop `createOperation`).
 */
export function startOperation(state: SimState, cmds: HelmCommand[], work: () => void, cluster = 'local'): KubeObject {
  // helmop: the status names the last command's release; `command` is every command, `;`-separated.
  const cmd = cmds[cmds.length - 1];
  let name = `helm-operation-${ nameSuffix() }`;

  while (getObject(state, cluster, OPERATION_TYPE, `${ cmd.namespace }/${ name }`)) {
    name = `helm-operation-${ nameSuffix() }`;
  }
  const op: KubeObject = {
    apiVersion: 'catalog.cattle.io/v1',
    kind:       'Operation',
    metadata:   {
      name,
      namespace:         cmd.namespace,
      uid:               newUid(`operation/${ name }`),
      creationTimestamp: stamp(),
      generation:        1,
    },
    status: {
      action:             cmd.operation,
      releaseName:        cmd.releaseName,
      namespace:          cmd.namespace,
      command:            cmds.flatMap((c, i) => [...(i ? [';'] : []), ...commandArgs(c)]),
      token:              newUid(`token/${ name }`).replace(/-/g, ''),
      podName:            name,
      podNamespace:       OPERATION_POD_NAMESPACE,
      observedGeneration: 0,
      conditions:         kstatusConditions({ transitioning: 'waiting to run operation' }),
    },
  };
  const created = storeObject(state, cluster, OPERATION_TYPE, op);

  later(OPERATION_TIMING.startMs, () => {
    if (advance(state, cluster, created, {
      podCreated: true, observedGeneration: 1, conditions: kstatusConditions({ transitioning: 'running operation' })
    })) {
      work();
      later(OPERATION_TIMING.runMs, () => advance(state, cluster, created, { conditions: kstatusConditions({}) }));
    }
  });

  return JSON.parse(JSON.stringify(created));
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
