/**
 * What the kubelet stand-in (providerKubelet.ts) reads from the provider's Deployment to run its Pod, as the chart
 * renders it (harvester/charts charts/harvester-cloud-provider/templates/deployment.yaml): the container's args and
 * image, the ServiceAccount, and the `cloud-config` volume — a Secret key (`cloudConfig.secretName`, items
 * `<secretKey>` → `cloud-config`, mounted with subPath) or a file on the nodes, which the stand-in does not have.
 */
type Obj = Record<string, any>;

/** A Secret's `data` as the guest's API server has it; null when there is none (with the status it answered). */
export type ReadSecret = (namespace: string, name: string) => Promise<{ status: number; data?: Record<string, string> }>;

export interface ProviderPod {
  args: string[];
  image?: string;
  serviceAccount: string;
  /** Where the container reads the cloud config (the args name it). */
  mountPath: string;
  /** The bytes the volume holds there. */
  cloudConfig: string;
}

export async function podOf(readSecret: ReadSecret, d: Obj): Promise<ProviderPod | { waiting: string }> {
  const spec = d.spec?.template?.spec || {};
  const container = (spec.containers || [])[0] || {};
  const mount = (container.volumeMounts || []).find((m: Obj) => m.name === 'cloud-config');
  const volume = (spec.volumes || []).find((v: Obj) => v.name === 'cloud-config');

  if (!mount || !volume) {
    return { waiting: 'the Deployment mounts no cloud-config volume' };
  }
  if (!volume.secret) {
    return { waiting: `the cloud config is a file on the nodes (${ volume.hostPath?.path || 'no path' }): the stand-in has no nodes' files, no Pod` };
  }
  const name = volume.secret.secretName;
  const r = await readSecret(d.metadata.namespace, name);

  if (r.status !== 200) {
    return { waiting: `Secret ${ d.metadata.namespace }/${ name } is not there (${ r.status }): the Pod waits for it, as a kubelet does` };
  }
  const item = (volume.secret.items || []).find((i: Obj) => !mount.subPath || i.path === mount.subPath);
  const key = item?.key || mount.subPath || 'cloud-config';
  const data = r.data?.[key];

  if (!data) {
    return { waiting: `Secret ${ d.metadata.namespace }/${ name } has no key ${ key }` };
  }

  return {
    args:           [...(container.command || []).slice(1), ...(container.args || [])],
    image:          container.image,
    serviceAccount: spec.serviceAccountName || 'default',
    mountPath:      mount.mountPath,
    cloudConfig:    Buffer.from(data, 'base64').toString('utf8'),
  };
}
