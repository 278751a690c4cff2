/**
 * The kubelet's and the deployment controller's part for the components the stack runs as processes in rke2-guest
 * (the cloud provider): the Deployment's status says whether its process runs, as those two would say whether its Pod
 * is available. The seed gives the Deployment a status once; without this, a provider stopped by an outage (issue 37,
 * tests/flows/real/outages*) would still read "1 of 1 available". Every 2 s: the pid stack.json records for the part,
 * alive or not, written as kube-controller-manager words it (`pkg/controller/deployment/sync.go`: the `Available`
 * condition, "Deployment has minimum availability." / "Deployment does not have minimum availability."). A stand-in:
 * issue 36's Pod runner is to run these Pods and leave this to the real controllers.
 */
import { KubeTarget, kubeRequest } from '../core/kubeClient';
import { partRunning } from '../core/stackParts';

/** The part (stack.json's name) behind each Deployment of rke2-guest. */
const PARTS: { part: string; deployment: string }[] = [
  { part: 'harvester-cloud-provider-rke2-guest', deployment: '/apis/apps/v1/namespaces/kube-system/deployments/harvester-cloud-provider' },
];

/** The status a Deployment of one replica has with its Pod available or not. */
export function deploymentStatus(d: Record<string, any>, available: boolean): Record<string, any> {
  const now = new Date().toISOString();
  const was = (d.status?.conditions || []).find((c: { type: string }) => c.type === 'Available');
  const status = available ? 'True' : 'False';
  const changed = was?.status !== status;

  return {
    ...d.status,
    observedGeneration:  d.metadata.generation,
    replicas:            1,
    updatedReplicas:     1,
    readyReplicas:       available ? 1 : 0,
    availableReplicas:   available ? 1 : 0,
    unavailableReplicas: available ? 0 : 1,
    conditions:          [
      ...(d.status?.conditions || []).filter((c: { type: string }) => c.type !== 'Available'),
      {
        type:               'Available',
        status,
        reason:             available ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable',
        message:            available ? 'Deployment has minimum availability.' : 'Deployment does not have minimum availability.',
        lastUpdateTime:     changed ? now : was?.lastUpdateTime || now,
        lastTransitionTime: changed ? now : was?.lastTransitionTime || now,
      },
    ],
  };
}

async function sync(target: KubeTarget, log: (l: string) => void): Promise<void> {
  for (const { part, deployment } of PARTS) {
    // Null before stack.json is written (the stack not up yet): nothing to say.
    const alive = partRunning(part);
    const r = alive === null ? null : await kubeRequest(target, 'GET', deployment);

    if (!r || r.status !== 200) {
      continue;
    }
    const d = r.body;
    const available = (d.status?.availableReplicas || 0) > 0;

    if (available !== alive) {
      const put = await kubeRequest(target, 'PUT', `${ deployment }/status`, { ...d, status: deploymentStatus(d, alive as boolean) });

      log(`[pod-state] ${ part } ${ alive ? 'runs' : 'does not run' }: ${ deployment } status ${ put.status }`);
    }
  }
}

export function startPodState(target: KubeTarget, log: (l: string) => void): { synced: Promise<void>; stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  const round = () => {
    sync(target, log).catch((e) => log(`[pod-state] ${ e.message }`)).finally(() => {
      if (timer) {
        timer = setTimeout(round, 2000);
      }
    });
  };

  timer = setTimeout(round, 0);

  return {
    synced: Promise.resolve(),
    stop:   () => {
      if (timer) {
        clearTimeout(timer);
      }
      timer = null;
    }
  };
}
