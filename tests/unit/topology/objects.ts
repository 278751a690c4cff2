import { KubeObject } from '@pkg/data/types';
import { REGION, ZONE } from '@pkg/topology/labels';

/** Steve-shaped objects for the pure topology tests. */
export function topo(region?: string, zone?: string): Record<string, string> {
  return { ...(region ? { [REGION]: region } : {}), ...(zone ? { [ZONE]: zone } : {}) };
}

export function guestNode(name: string, opts: { region?: string; zone?: string; vmUid?: string; ready?: boolean; roles?: string[] } = {}): KubeObject {
  const labels: Record<string, string> = { ...topo(opts.region, opts.zone) };

  (opts.roles || ['worker']).forEach((r) => {
    labels[`node-role.kubernetes.io/${ r }`] = 'true';
  });

  return {
    id:       name,
    type:     'node',
    metadata: { name, labels },
    spec:     opts.vmUid ? { providerID: `harvester://${ opts.vmUid }` } : {},
    status:   { conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] },
  };
}

export function vm(name: string, uid: string, annotations: Record<string, string> = {}, namespace = 'default'): KubeObject {
  return {
    id:       `${ namespace }/${ name }`,
    type:     'kubevirt.io.virtualmachine',
    metadata: {
      name, namespace, uid, annotations
    }
  };
}

export function vmi(name: string, nodeName: string | null, annotations: Record<string, string> = {}, phase = 'Running', namespace = 'default'): KubeObject {
  return {
    id:       `${ namespace }/${ name }`,
    type:     'kubevirt.io.virtualmachineinstance',
    metadata: {
      name, namespace, annotations
    },
    status: { phase, ...(nodeName ? { nodeName } : {}) },
  };
}

export function hostNode(name: string, region?: string, zone?: string): KubeObject {
  return {
    id: name, type: 'node', metadata: { name, labels: topo(region, zone) }
  };
}

export function pod(name: string, nodeName: string | null, labels: Record<string, string>, namespace = 'default', phase = 'Running'): KubeObject {
  return {
    id:       `${ namespace }/${ name }`,
    type:     'pod',
    metadata: {
      name, namespace, labels
    },
    spec:   nodeName ? { nodeName } : {},
    status: { phase },
  };
}
