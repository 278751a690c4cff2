/**
 * What the Pod runner reads and writes through the cluster's API server, as a kubelet and kube-scheduler do: the
 * Secrets and ConfigMaps a Pod's volumes name, its ServiceAccount tokens (TokenRequest, bound to the Pod, as the
 * kubelet requests them for a projected volume), its status, and its binding to a node (schedule.ts decides which).
 */
import { kubeRequest, KubeTarget, objectPath } from '../../core/kubeClient';
import { now } from './podStatus';
import { nodeFor } from './schedule';

type Obj = Record<string, any>;

export function podApi(target: KubeTarget, log: (l: string) => void) {
  /** Pods no node of the runner fits: told once (their PodScheduled condition), by uid. */
  const unschedulable = new Set<string>();
  /** The Node objects last read, by name (binding reads them; a Pod's status names its node's address). */
  const nodesRead = new Map<string, Obj>();
  const readNode = async(name: string): Promise<Obj | undefined> => {
    const r = await kubeRequest(target, 'GET', `/api/v1/nodes/${ name }`);

    if (r.status === 200) {
      nodesRead.set(name, r.body);
    }

    return r.status === 200 ? r.body : undefined;
  };

  const writeStatus = async(pod: Obj, status: Obj): Promise<void> => {
    const r = await kubeRequest(target, 'PATCH', `${ objectPath('v1', 'pods', pod.metadata.namespace, pod.metadata.name) }/status`, { status });

    if (r.status !== 200 && r.status !== 404) {
      log(`[pod runner] ${ pod.metadata.namespace }/${ pod.metadata.name }: status not written (${ r.status } ${ r.body?.message || '' })`);
    }
  };

  return {
    writeStatus,

    async fetched(ns: string, kind: 'secrets' | 'configmaps', names: string[]): Promise<Record<string, Obj | undefined>> {
      const entries = await Promise.all(names.map(async(n) => {
        const r = await kubeRequest(target, 'GET', objectPath('v1', kind, ns, n));

        return [n, r.status === 200 ? r.body : undefined] as const;
      }));

      return Object.fromEntries(entries);
    },

    /** By audience ('' for the API server's); an audience the API server refuses is left out (the plan says so). */
    async tokens(pod: Obj, audiences: string[]): Promise<Record<string, string>> {
      const sa = pod.spec.serviceAccountName || 'default';
      const entries = await Promise.all(audiences.map(async(audience) => {
        const r = await kubeRequest(target, 'POST', `${ objectPath('v1', 'serviceaccounts', pod.metadata.namespace, sa) }/token`, {
          apiVersion: 'authentication.k8s.io/v1',
          kind:       'TokenRequest',
          spec:       {
            audiences:         audience ? [audience] : [],
            expirationSeconds: 3607,
            boundObjectRef:    {
              apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, uid: pod.metadata.uid
            }
          },
        });

        if (r.status !== 201) {
          log(`[pod runner] ${ pod.metadata.namespace }/${ pod.metadata.name }: no token for ServiceAccount ${ sa } (${ r.status } ${ r.body?.message || '' })`);
        }

        return [audience, r.status === 201 ? r.body.status.token as string : ''] as const;
      }));

      return Object.fromEntries(entries.filter(([, t]) => t));
    },

    /** Binds a new Pod to the first of `nodes` (their Node objects as the cluster has them) that fits it; the node, or null. */
    async bind(pod: Obj, nodes: string[]): Promise<string | null> {
      const { namespace: ns, name, uid } = pod.metadata;
      const objects = (await Promise.all(nodes.map(readNode))).filter(Boolean) as Obj[];
      const choice = nodeFor(pod, objects);

      if ('unschedulable' in choice) {
        if (!unschedulable.has(uid)) {
          unschedulable.add(uid);
          log(`[pod runner] ${ ns }/${ name }: ${ choice.unschedulable }`);
          await writeStatus(pod, {
            phase:      'Pending',
            conditions: [{
              type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: choice.unschedulable, lastTransitionTime: now()
            }]
          });
        }

        return null;
      }
      const r = await kubeRequest(target, 'POST', `${ objectPath('v1', 'pods', ns, name) }/binding`, {
        apiVersion: 'v1',
        kind:       'Binding',
        metadata:   { name, namespace: ns },
        target:     {
          apiVersion: 'v1', kind: 'Node', name: choice.node
        }
      });

      if (r.status !== 201 && r.status !== 200) {
        log(`[pod runner] ${ ns }/${ name }: not bound (${ r.status } ${ r.body?.message || '' })`);

        return null;
      }

      return choice.node;
    },

    /** A Warning event about the Pod, as the kubelet of `node` records it. */
    async event(pod: Obj, node: string, e: { reason: string; message: string }): Promise<void> {
      const at = now();
      const r = await kubeRequest(target, 'POST', `/api/v1/namespaces/${ pod.metadata.namespace }/events`, {
        apiVersion:     'v1',
        kind:           'Event',
        metadata:       { name: `${ pod.metadata.name }.${ Date.now().toString(16) }`, namespace: pod.metadata.namespace },
        involvedObject: {
          apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid
        },
        type:               'Warning',
        reason:             e.reason,
        message:            e.message,
        source:             { component: 'kubelet', host: node },
        reportingComponent: 'kubelet',
        reportingInstance:  node,
        firstTimestamp:     at,
        lastTimestamp:      at,
        count:              1,
      });

      if (r.status !== 201) {
        log(`[pod runner] ${ pod.metadata.namespace }/${ pod.metadata.name }: event ${ e.reason } not recorded (${ r.status } ${ r.body?.message || '' })`);
      }
    },

    /** The node's InternalIP (127.0.0.1 when it has none: the runner's own node is there). */
    async nodeAddress(node: string): Promise<string> {
      const n = nodesRead.get(node) || await readNode(node);

      return (n?.status?.addresses || []).find((a: Obj) => a.type === 'InternalIP')?.address || '127.0.0.1';
    },

    forget(uid: string): void {
      unschedulable.delete(uid);
    },
  };
}
