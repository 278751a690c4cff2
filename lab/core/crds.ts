/**
 * CustomResourceDefinitions for the types the demo data of a cluster uses that Kubernetes does not serve itself
 * (KubeVirt's VirtualMachine/VirtualMachineInstance, Harvester's LoadBalancer/IPPool/Setting, Multus'
 * NetworkAttachmentDefinition, the CSI snapshot classes, Rancher's Feature).
 *
 * Their schemas are open (`x-kubernetes-preserve-unknown-fields`): the modules that carry Harvester's CRD manifests
 * and Go types (github.com/harvester/harvester-load-balancer, .../harvester-cloud-provider) are refused by the module
 * proxy here (docs/demo-mode.md), so no field of theirs is validated by the API server. Scope, names and the status
 * subresource follow the simulator's type table (lab/simulator/core/registry.ts), which follows the upstream CRDs.
 */
import type { TypeDef } from '../simulator/core/registry';

/** API groups the kube-apiserver serves without a CRD. */
const BUILT_IN = new Set(['', 'apps', 'batch', 'networking.k8s.io', 'storage.k8s.io', 'rbac.authorization.k8s.io', 'apiextensions.k8s.io', 'events.k8s.io', 'policy', 'autoscaling', 'coordination.k8s.io', 'discovery.k8s.io']);

export function needsCrd(t: TypeDef): boolean {
  return !BUILT_IN.has(t.group);
}

export function crdFor(t: TypeDef): Record<string, any> {
  const singular = t.kind.toLowerCase();

  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind:       'CustomResourceDefinition',
    metadata:   {
      name:        `${ t.resource }.${ t.group }`,
      // Kubernetes asks CRDs in its own groups (*.k8s.io) to name the API review that approved them, as upstream's do.
      annotations: /(^|\.)k8s\.io$/.test(t.group) ? { 'api-approved.kubernetes.io': 'https://github.com/kubernetes-csi/external-snapshotter/pull/419' } : undefined,
    },
    spec: {
      group: t.group,
      scope: t.namespaced ? 'Namespaced' : 'Cluster',
      names: {
        plural: t.resource, singular, kind: t.kind, listKind: `${ t.kind }List`
      },
      versions: [{
        name:         t.version,
        served:       true,
        storage:      true,
        schema:       { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        subresources: t.statusSubresource ? { status: {} } : undefined,
      }],
    },
  };
}
