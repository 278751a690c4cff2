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
