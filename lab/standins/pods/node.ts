/**
 * The Node the Pod runner stands for, as a kubelet registers itself (pkg/kubelet/kubelet_node_status.go
 * `initialNode`, then its status): the well-known labels (the helm-operation Pods' `kubernetes.io/os: linux`
 * selector matches them), 127.0.0.1 as its InternalIP and the runner's kubelet API port, where the API server reaches
 * it for `pods/log`, and Ready. No node lifecycle controller runs in the stack (lab/core/controllerManager.ts), so
 * the status stays as written: the runner does not post heartbeats.
 */
import { kubeRequest, KubeTarget } from '../../core/kubeClient';

export function nodeObject(name: string): Record<string, any> {
  return {
    apiVersion: 'v1',
    kind:       'Node',
    metadata:   {
      name,
      labels: {
        'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': name
      }
    },
  };
}

export function nodeStatus( kubeletPort: number, kubeletVersion: string, now = new Date().toISOString().replace(/\.\d+Z$/, 'Z')): Record<string, any> {
  return {
    // No Hostname address: the API server tries that type first (--kubelet-preferred-address-types), and no DNS
    // here knows the name.
    addresses:       [{ type: 'InternalIP', address: '127.0.0.1' }],
    daemonEndpoints: { kubeletEndpoint: { Port: kubeletPort } },
    capacity:        {
      cpu: '2', memory: '8Gi', pods: '110'
    },
    allocatable: {
      cpu: '2', memory: '8Gi', pods: '110'
    },
    conditions: [{
      type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'the stack\'s Pod runner (lab/standins/pods) runs this node\'s Pods', lastHeartbeatTime: now, lastTransitionTime: now
    }],
    nodeInfo: {
      kubeletVersion, kubeProxyVersion: '', operatingSystem: 'linux', architecture: 'amd64', containerRuntimeVersion: 'pod-runner://0', osImage: 'the stack\'s machine', kernelVersion: '', machineID: '', systemUUID: '', bootID: ''
    },
  };
}

/** Registers (or updates) the node; throws with the API server's answer when it refuses. */
export async function registerNode(target: KubeTarget, name: string, kubeletPort: number, kubeletVersion: string): Promise<void> {
  const created = await kubeRequest(target, 'POST', '/api/v1/nodes', nodeObject(name));

  if (created.status !== 201 && created.status !== 409) {
    throw new Error(`node ${ name } not registered: ${ created.status } ${ created.body?.message || '' }`);
  }
  const r = await kubeRequest(target, 'PATCH', `/api/v1/nodes/${ name }/status`, { status: nodeStatus(kubeletPort, kubeletVersion) });

  if (r.status !== 200) {
    throw new Error(`node ${ name }: status not written: ${ r.status } ${ r.body?.message || '' }`);
  }
}

/** The NoSchedule taints kube-controller-manager's node lifecycle controller keeps in step with a node's conditions. */
const CONDITION_TAINTS: Record<string, { type: string; status: string }> = {
  'node.kubernetes.io/not-ready':   { type: 'Ready', status: 'False' },
  'node.kubernetes.io/unreachable': { type: 'Ready', status: 'Unknown' },
};

/**
 * The node's taints without those its conditions no longer call for (pkg/controller/nodelifecycle
 * node_lifecycle_controller.go doNoScheduleTaintingPass, for NoSchedule taints): the API server's
 * TaintNodesByCondition admission gives every new Node `node.kubernetes.io/not-ready:NoSchedule`, and with no node
 * lifecycle controller in the stack the runner, as that controller would, lifts it once the node is Ready. Null
 * when nothing changes.
 */
export function taintsAfterConditions(node: Record<string, any>): Record<string, any>[] | null {
  const taints: Record<string, any>[] = node.spec?.taints || [];
  const conditions: { type: string; status: string }[] = node.status?.conditions || [];
  const kept = taints.filter((t) => {
    const when = t.effect === 'NoSchedule' ? CONDITION_TAINTS[t.key] : undefined;

    return !when || conditions.some((c) => c.type === when.type && c.status === when.status);
  });

  return kept.length === taints.length ? null : kept;
}

/** Lifts the taints the node's conditions no longer call for; says what it did. */
export async function liftConditionTaints(target: KubeTarget, name: string, log: (l: string) => void): Promise<void> {
  const r = await kubeRequest(target, 'GET', `/api/v1/nodes/${ name }`);
  const kept = r.status === 200 ? taintsAfterConditions(r.body) : null;

  if (kept) {
    const p = await kubeRequest(target, 'PATCH', `/api/v1/nodes/${ name }`, { spec: { taints: kept.length ? kept : null } });

    log(`[pod runner] node ${ name } is Ready: condition taints lifted (${ p.status })`);
  }
}
