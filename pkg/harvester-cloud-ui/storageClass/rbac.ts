/**
 * The host-side RBAC Harvester's CSI driver documentation asks for (docs.harvesterhci.io, "Harvester CSI Driver"):
 * the guest's CSI driver can tell a missing host StorageClass (NotFound) only when
 * its service account may read the host's StorageClasses; without it the driver skips the check and the volume
 * fails later with no readable reason.
 */
import { KubeObject } from '../data/types';

export const CSI_CLUSTER_ROLE = 'harvesterhci.io:csi-driver';

export interface CsiServiceAccount {
  /** The guest cluster's name by default (the cloud credential Rancher creates for the guest). */
  name: string;
  /** The namespace of the guest's VMs on the host. */
  namespace: string;
}

export type RbacState = 'bound' | 'missing' | 'unknown';

interface Subject {
  kind?: string;
  name?: string;
  namespace?: string;
}

/** Whether a ClusterRoleBinding to the CSI ClusterRole names the service account. */
export function csiRbacState(bindings: KubeObject[] | null, account: CsiServiceAccount): RbacState {
  if (!bindings) {
    return 'unknown';
  }
  const bound = bindings.some((b) => {
    const binding = b as KubeObject & { roleRef?: { kind?: string; name?: string }; subjects?: Subject[] };

    return binding.roleRef?.kind === 'ClusterRole' && binding.roleRef?.name === CSI_CLUSTER_ROLE &&
      (binding.subjects || []).some((s) => s.kind === 'ServiceAccount' && s.name === account.name && s.namespace === account.namespace);
  });

  return bound ? 'bound' : 'missing';
}

// Names from the cluster go in as JSON strings, which YAML reads as double-quoted scalars: a namespace such as
// `123` or `true` stays a string.
const q = (s: string) => JSON.stringify(s);

/** The ClusterRole and ClusterRoleBinding to apply on the Harvester host (as documented), ready for `kubectl apply -f -`. */
export function csiRbacYaml(account: CsiServiceAccount): string {
  return [
    'apiVersion: rbac.authorization.k8s.io/v1',
    'kind: ClusterRole',
    'metadata:',
    '  labels:',
    '    app.kubernetes.io/component: apiserver',
    '    app.kubernetes.io/name: harvester',
    '    app.kubernetes.io/part-of: harvester',
    `  name: ${ q(CSI_CLUSTER_ROLE) }`,
    'rules:',
    '  - apiGroups:',
    '      - storage.k8s.io',
    '    resources:',
    '      - storageclasses',
    '    verbs:',
    '      - get',
    '      - list',
    '      - watch',
    '---',
    'apiVersion: rbac.authorization.k8s.io/v1',
    'kind: ClusterRoleBinding',
    'metadata:',
    `  name: ${ q(`${ account.namespace }-${ account.name }`) }`,
    'roleRef:',
    '  apiGroup: rbac.authorization.k8s.io',
    '  kind: ClusterRole',
    `  name: ${ q(CSI_CLUSTER_ROLE) }`,
    'subjects:',
    '  - kind: ServiceAccount',
    `    name: ${ q(account.name) }`,
    `    namespace: ${ q(account.namespace) }`,
    '',
  ].join('\n');
}
