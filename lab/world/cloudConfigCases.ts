/**
 * The cloud provider's config as a guest shows it, and the cases the integration overview tells apart (its Set up
 * offer): `POST /__sim/cloud-config/<guest cluster id>/<case>` rewrites that guest's provider Deployment, the Secret
 * it mounts, its pods and their events as Kubernetes would leave them.
 * - The volume as harvester/charts `templates/deployment.yaml` renders it (catalog/cloudConfig.ts): a Secret
 *   (`cloudConfig.secretName`, items key → `cloud-config`, mounted with that subPath) or a `hostPath` file of type
 *   `File` (`cloudConfigPath`).
 * - A missing Secret or file: the pod waits in ContainerCreating with kubelet's FailedMount event, the Deployment has
 *   no available replica. A file the provider cannot use: the container crashes (CrashLoopBackOff).
 * - Kubeconfigs as Harvester's kubeconfig handler writes them; tokens shaped as Kubernetes issues them: a legacy
 *   service-account token (a JWT without `exp`) or a bound one with `exp` (here in the past). Not real credentials.
 */
import {
  getObject, deleteObject, listObjects, storeObject, SimState
} from '../simulator/core/state';
import { newUid } from '../simulator/core/ids';
import { errorResponse } from '../simulator/core/errors';
import { KubeObject, SimResponse } from '../simulator/core/types';
import { kubeconfigYaml } from '../simulator/harvester/kubeconfigEndpoint';
import { object } from './builders';
import { VM_NAMESPACE } from './ids';
import {
  CONFIG_SECRET, ConfigSource, cloudConfigVolume, nodeConfigPath, RKE2_CONFIG_PATH
} from '../simulator/catalog/cloudConfig';
import { ok } from '../simulator/core/responses';

export const CLOUD_CONFIG_CASES = ['secret-ok', 'secret-missing', 'other-namespace', 'expired', 'node-file', 'node-file-missing', 'node-file-broken'] as const;
export type CloudConfigCase = typeof CLOUD_CONFIG_CASES[number];

const b64url = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** A JWT as the API server signs it (the signature here is no signature). */
export function simulatedToken(claims: Record<string, unknown>): string {
  return [b64url({ alg: 'RS256', kid: 'simulated' }), b64url(claims), b64url('not-a-signature')].join('.');
}

function kubeconfig(namespace: string, serviceAccount: string, expiredAt: number | null): string {
  const legacy = {
    iss: 'kubernetes/serviceaccount', 'kubernetes.io/serviceaccount/namespace': namespace, 'kubernetes.io/serviceaccount/service-account.name': serviceAccount
  };
  const bound = {
    aud: ['https://kubernetes.default.svc.cluster.local'], iss: 'https://kubernetes.default.svc.cluster.local', sub: `system:serviceaccount:${ namespace }:${ serviceAccount }`, iat: (expiredAt || 0) - 3600, exp: expiredAt
  };

  return kubeconfigYaml('https://10.10.0.10:6443', namespace, Buffer.from('simulated CA').toString('base64'), simulatedToken(expiredAt === null ? legacy : bound));
}

/**
 * What the guest holds in each case: the Deployment's volume and availability, the Secret (or none), the pod and its
 * events. `guestName` names the service account, as the set-up flow does.
 */
export function cloudConfigObjects(c: CloudConfigCase, guestName: string, nowSeconds: number, nodePath = RKE2_CONFIG_PATH): {
  source: ConfigSource; available: boolean; secret: KubeObject | null; pod: 'running' | 'mount' | 'crash'
} {
  const secretSource = { secretName: CONFIG_SECRET.name, key: CONFIG_SECRET.key };
  const secretWith = (text: string) => object('v1', 'Secret', CONFIG_SECRET.name, { namespace: 'kube-system' }, { type: 'Opaque', data: { [CONFIG_SECRET.key]: Buffer.from(text).toString('base64'), 'cloud-provider-config': Buffer.from(text).toString('base64') } });

  switch (c) {
  case 'secret-ok':
    return {
      source: secretSource, available: true, secret: secretWith(kubeconfig(VM_NAMESPACE, guestName, null)), pod: 'running'
    };
  case 'secret-missing':
    return {
      source: secretSource, available: false, secret: null, pod: 'mount'
    };
  case 'other-namespace':
    return {
      source: secretSource, available: true, secret: secretWith(kubeconfig('team-b', guestName, null)), pod: 'running'
    };
  case 'expired':
    return {
      source: secretSource, available: true, secret: secretWith(kubeconfig(VM_NAMESPACE, guestName, nowSeconds - 86400)), pod: 'running'
    };
  case 'node-file':
    return {
      source: { path: nodePath }, available: true, secret: null, pod: 'running'
    };
  case 'node-file-missing':
    return {
      source: { path: nodePath }, available: false, secret: null, pod: 'mount'
    };
  default:
    return {
      source: { path: nodePath }, available: false, secret: null, pod: 'crash'
    };
  }
}

const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** The provider's pod in the state the case leaves it, and kubelet's event about a failed mount. */
function providerPod(deployment: KubeObject, state: 'running' | 'mount' | 'crash', path: string): KubeObject[] {
  const ns = deployment.metadata.namespace || 'kube-system';
  const name = `${ deployment.metadata.name }-5d8f7c9b6-x7k2p`;
  const container = deployment.spec.template.spec.containers[0];
  const waiting = state === 'mount' ? { reason: 'ContainerCreating' } : { reason: 'CrashLoopBackOff', message: `back-off 5m0s restarting failed container=${ container.name }` };
  const pod = object('v1', 'Pod', name, {
    namespace: ns, labels: deployment.spec.selector.matchLabels, uid: newUid(`pod/${ name }`)
  }, {
    spec:   { containers: [container], volumes: deployment.spec.template.spec.volumes },
    status: {
      phase:             state === 'running' ? 'Running' : state === 'mount' ? 'Pending' : 'Running',
      containerStatuses: [{
        name: container.name, image: container.image, ready: state === 'running', restartCount: state === 'crash' ? 7 : 0, state: state === 'running' ? { running: { startedAt: stamp() } } : { waiting }
      }],
    },
  });
  const source = deployment.spec.template.spec.volumes?.[0];
  const why = source?.secret ? `secret "${ source.secret.secretName }" not found` : `hostPath type check failed: ${ path } is not a file`;
  const events = state === 'mount' ? [object('v1', 'Event', `${ name }.failedmount`, { namespace: ns }, {
    type:           'Warning',
    reason:         'FailedMount',
    message:        `MountVolume.SetUp failed for volume "cloud-config" : ${ why }`,
    count:          12,
    source:         { component: 'kubelet' },
    involvedObject: {
      kind: 'Pod', name, namespace: ns, apiVersion: 'v1', uid: pod.metadata.uid
    },
    firstTimestamp: stamp(),
    lastTimestamp:  stamp()
  })] : [];

  return [pod, ...events];
}

/** Puts the guest's provider in the case; an error when the guest has no provider Deployment. */
export function playCloudConfigCase(state: SimState, clusterId: string, c: CloudConfigCase, guestName: string, nowSeconds = Date.now() / 1000, nodePath = RKE2_CONFIG_PATH): KubeObject {
  const id = 'kube-system/harvester-cloud-provider';
  const d = getObject(state, clusterId, 'apps.deployment', id);

  if (!d) {
    throw new Error(`${ clusterId } has no ${ id }`);
  }
  const made = cloudConfigObjects(c, guestName, Math.floor(nowSeconds), nodePath);
  const { volumes, volumeMounts } = cloudConfigVolume(made.source);
  const replicas = d.spec.replicas ?? 1;

  d.spec.template.spec.volumes = volumes;
  d.spec.template.spec.containers[0].volumeMounts = volumeMounts;
  d.status = {
    ...d.status, readyReplicas: made.available ? replicas : 0, availableReplicas: made.available ? replicas : 0, unavailableReplicas: made.available ? 0 : replicas
  };
  storeObject(state, clusterId, 'apps.deployment', d);
  deleteObject(state, clusterId, 'secret', `kube-system/${ CONFIG_SECRET.name }`);
  if (made.secret) {
    storeObject(state, clusterId, 'secret', {
      ...made.secret,
      metadata: {
        ...made.secret.metadata, uid: newUid('secret/cloud-config'), creationTimestamp: stamp()
      }
    });
  }
  const labels = d.spec.selector.matchLabels as Record<string, string>;

  listObjects(state, clusterId, 'pod').filter((p) => p.metadata.namespace === 'kube-system' && Object.entries(labels).every(([k, v]) => p.metadata.labels?.[k] === v))
    .forEach((p) => deleteObject(state, clusterId, 'pod', `kube-system/${ p.metadata.name }`));
  providerPod(d, made.pod, 'path' in made.source ? made.source.path : '').forEach((o) => storeObject(state, clusterId, o.kind === 'Pod' ? 'pod' : 'event', o));

  return d;
}

/** `/__sim/cloud-config/<cluster>/<case>` (POST). */
export function cloudConfigControl(state: SimState) {
  return (method: string, segments: string[]): SimResponse => {
    const [clusterId, c] = segments;
    const cluster = clusterId ? state.clusters[clusterId] : undefined;

    if (method !== 'POST' || !cluster || !(CLOUD_CONFIG_CASES as readonly string[]).includes(c)) {
      return errorResponse(400, 'BadRequest', `POST /__sim/cloud-config/<guest cluster id>/<${ CLOUD_CONFIG_CASES.join('|') }>`);
    }
    const mgmt = getObject(state, 'local', 'management.cattle.io.cluster', clusterId);

    try {
      playCloudConfigCase(state, clusterId, c as CloudConfigCase, mgmt?.spec?.displayName || clusterId, undefined, nodeConfigPath(mgmt?.status?.provider));
    } catch (e) {
      return errorResponse(404, 'NotFound', (e as Error).message);
    }

    return ok({ cluster: clusterId, case: c });
  };
}
