/**
 * Whether the cloud provider's config (the kubeconfig of the Harvester host it runs with) is there and usable, from
 * what the guest shows (docs/harvester-rules.md R-CFG rows). Plain decisions; the token never leaves this module.
 * - Where it is: the volume mounted at `--cloud-config` (harvester/charts `templates/deployment.yaml`: a Secret
 *   `cloudConfig.secretName` with key `cloudConfig.secretKey` from chart 0.2.12, else a `hostPath` file of type
 *   `File`, the RKE2 path by default).
 * - A Secret is read: missing (or without the key), the pod cannot mount it and the provider never starts; its
 *   kubeconfig's current context gives the host namespace the provider works in (cloud-provider-harvester
 *   `newCloudProvider`: empty means `default`), which must be the namespace of the guest's VMs; a token that is a
 *   JWT with an `exp` in the past is expired (Harvester's kubeconfig handler gives the legacy service-account token
 *   of a `service-account-token` Secret, which has no `exp`: never expired).
 * - A file on the nodes cannot be read from here: only when the Deployment has no available replica and its pods
 *   wait on the volume's mount (kubelet's FailedMount: the file is missing) or crash (the provider could not read it).
 */
import { KubeObject } from '../data/types';
import { parseYaml, YamlValue } from '../shared/miniYaml';
import { fromBase64 } from '../shared/base64';
import type { Read } from '../data/read';

export const DEFAULT_CONFIG_PATH = '/etc/kubernetes/cloud-config';

export type ConfigVolume = { kind: 'secret'; volume: string; secretName: string; key: string } | { kind: 'hostPath'; volume: string; path: string };

export type ConfigCheck =
  | { state: 'notChecked'; why: 'notInstalled' | 'unreadable' | 'noVolume' }
  | { state: 'secretForbidden'; secret: string }
  | { state: 'ok'; secret: string; namespace: string }
  | { state: 'missing'; secret: string; key: string }
  | { state: 'broken'; secret: string; key: string }
  | { state: 'otherNamespace'; secret: string; namespace: string; vmNamespace: string }
  | { state: 'expired'; secret: string; at: string }
  | { state: 'onNodes'; path: string; running: boolean }
  | { state: 'nodesBroken'; path: string; why: 'mount' | 'crash' };

/** The states a new kubeconfig (the Set up flow) fixes. */
export const SETUP_FIXES: readonly ConfigCheck['state'][] = ['missing', 'broken', 'otherNamespace', 'expired', 'nodesBroken'];

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The volume the provider reads `--cloud-config` from; null when none is mounted there. */
export function configVolume(deployment: KubeObject): ConfigVolume | null {
  const pod = deployment.spec?.template?.spec || {};
  const containers: Any[] = pod.containers || [];
  const argv: string[] = containers.flatMap((c) => [...(c.command || []), ...(c.args || [])]);
  const at = argv.findIndex((a) => a === '--cloud-config' || a.startsWith('--cloud-config='));
  const path = at < 0 ? DEFAULT_CONFIG_PATH : argv[at].includes('=') ? argv[at].slice(argv[at].indexOf('=') + 1) : argv[at + 1] || DEFAULT_CONFIG_PATH;
  const mounts: Any[] = containers.flatMap((c) => c.volumeMounts || []);
  const mount = mounts.find((m) => m.mountPath === path) || mounts.find((m) => path.startsWith(`${ `${ m.mountPath }`.replace(/\/$/, '') }/`));
  const volume: Any = mount && (pod.volumes || []).find((v: Any) => v.name === mount.name);

  if (volume?.hostPath?.path) {
    return {
      kind: 'hostPath', volume: volume.name, path: volume.hostPath.path
    };
  }
  if (!volume?.secret?.secretName) {
    return null;
  }
  // The file inside the volume: the mount's subPath, or the path below a folder mount; `items` map keys to files.
  const file = mount.subPath || (mount.mountPath === path ? '' : path.slice(`${ mount.mountPath }`.replace(/\/$/, '').length + 1));
  const items: { key: string; path: string }[] = volume.secret.items || [];
  const key = items.length ? (items.find((it) => it.path === file) || items[0]).key : file || 'cloud-config';

  return {
    kind: 'secret', volume: volume.name, secretName: volume.secret.secretName, key
  };
}

const field = (v: YamlValue | undefined, k: string): YamlValue | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v[k] : undefined);
const named = (list: YamlValue | undefined, name: YamlValue | undefined): YamlValue | undefined => (Array.isArray(list) ? list.find((e) => field(e, 'name') === name) : undefined);

/** `exp` (seconds) of a JWT; null when the token is no JWT or has none (legacy service-account tokens). */
export function jwtExpiry(token: string): number | null {
  const parts = token.split('.');
  const payload = parts.length === 3 ? fromBase64(parts[1]) : null;

  try {
    const exp = payload ? JSON.parse(payload).exp : undefined;

    return typeof exp === 'number' ? exp : null;
  } catch (e) {
    return null;
  }
}

/** What the provider takes from the kubeconfig: the namespace of its current context, its token's expiry. */
export function kubeconfigFacts(text: string): { namespace: string; exp: number | null } | null {
  const doc = parseYaml(text);
  const context = field(named(field(doc, 'contexts'), field(doc, 'current-context')), 'context');
  const cluster = named(field(doc, 'clusters'), field(context, 'cluster'));

  if (!context || !field(field(cluster, 'cluster'), 'server')) {
    return null;
  }
  const token = field(field(named(field(doc, 'users'), field(context, 'user')), 'user'), 'token');
  const namespace = field(context, 'namespace');

  return { namespace: typeof namespace === 'string' && namespace ? namespace : 'default', exp: typeof token === 'string' ? jwtExpiry(token) : null };
}

const WAITING_CRASH = ['CrashLoopBackOff', 'Error', 'RunContainerError'];

/** Why the provider's pods do not run: waiting on the config volume's mount, or crashing; null when neither shows. */
export function podTrouble(pods: KubeObject[], events: KubeObject[], volume: string): 'mount' | 'crash' | null {
  const statuses: Any[] = pods.flatMap((p) => p.status?.containerStatuses || []);

  if (statuses.some((s) => WAITING_CRASH.includes(s.state?.waiting?.reason) || (s.state?.terminated && s.state.terminated.exitCode !== 0))) {
    return 'crash';
  }
  const uids = new Set(pods.filter((p) => p.status?.phase === 'Pending').map((p) => p.metadata.uid));
  const mountFailed = events.some((e: Any) => e.reason === 'FailedMount' && uids.has(e.involvedObject?.uid) && `${ e.message || '' }`.includes(`volume "${ volume }"`));

  return mountFailed ? 'mount' : null;
}

export interface ConfigInput {
  deployment: Read<KubeObject>;
  /** The Secret of a Secret volume; null when not read (no Secret volume). */
  secret: Read<KubeObject> | null;
  /** The provider's pods and their FailedMount events; null when not read (running, or not a file on the nodes). */
  pods: { pods: KubeObject[]; events: KubeObject[] } | null;
  /** The namespace of the guest's VMs on the host; null when unknown. */
  vmNamespace: string | null;
}

export function checkCloudConfig(input: ConfigInput, nowSeconds: number): ConfigCheck {
  const d = input.deployment;

  if (!d.readable || !d.value) {
    return { state: 'notChecked', why: d.readable ? 'notInstalled' : 'unreadable' };
  }
  const volume = configVolume(d.value);

  if (!volume) {
    return { state: 'notChecked', why: 'noVolume' };
  }
  if (volume.kind === 'hostPath') {
    const running = (d.value.status?.availableReplicas || 0) > 0;
    const trouble = running || !input.pods ? null : podTrouble(input.pods.pods, input.pods.events, volume.volume);

    return trouble ? {
      state: 'nodesBroken', path: volume.path, why: trouble
    } : {
      state: 'onNodes', path: volume.path, running
    };
  }
  const secret = `${ d.value.metadata.namespace || 'kube-system' }/${ volume.secretName }`;
  const s = input.secret;

  if (!s || !s.readable) {
    return { state: 'secretForbidden', secret };
  }
  const data = s.value?.data?.[volume.key];

  if (!s.value || data === undefined) {
    return {
      state: 'missing', secret, key: volume.key
    };
  }
  const text = fromBase64(data);
  const facts = text === null ? null : kubeconfigFacts(text);

  if (!facts) {
    return {
      state: 'broken', secret, key: volume.key
    };
  }
  if (input.vmNamespace && facts.namespace !== input.vmNamespace) {
    return {
      state: 'otherNamespace', secret, namespace: facts.namespace, vmNamespace: input.vmNamespace
    };
  }
  if (facts.exp !== null && facts.exp <= nowSeconds) {
    return {
      state: 'expired', secret, at: new Date(facts.exp * 1000).toISOString()
    };
  }

  return {
    state: 'ok', secret, namespace: facts.namespace
  };
}
