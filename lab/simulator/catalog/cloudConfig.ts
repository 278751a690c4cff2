/**
 * The cloud provider chart's cloud config (harvester/charts `templates/deployment.yaml`): the `cloud-config` volume
 * it renders, from a Secret (`cloudConfig.secretName`) or a file on the nodes (`cloudConfigPath`), and where each
 * distribution keeps that file. The chart's installs (guestCharts.ts) and the demo's guests and cases
 * (demo/cloudConfigCases.ts) render it alike.
 */
export const CONFIG_MOUNT = '/etc/kubernetes/cloud-config';
/** RKE2 writes the file its `cloud-provider-config` names here (the chart's default `cloudConfigPath`). */
export const RKE2_CONFIG_PATH = '/var/lib/rancher/rke2/etc/config-files/cloud-provider-config';
/**
 * K3s has no such file of its own: Harvester's K3s instructions put the cloud config on every node with cloud-init
 * user data (`generate_addon.sh`'s `write_files`, `path: /etc/kubernetes/cloud-config`; harvester/docs
 * `docs/rancher/cloud-provider.md`, "Deploying to the K3s cluster with Harvester node driver"), and the provider's
 * chart is pointed at it with `cloudConfigPath`.
 */
export const K3S_CONFIG_PATH = '/etc/kubernetes/cloud-config';

/** The file on the nodes for a guest of this distribution (Rancher's `status.provider`: `k3s`, `rke2`, …). */
export function nodeConfigPath(provider: string | undefined): string {
  return provider === 'k3s' ? K3S_CONFIG_PATH : RKE2_CONFIG_PATH;
}

/** The folder holding that file, which the CSI driver's chart mounts whole when it has no Secret. */
export function nodeConfigFolder(provider: string | undefined): string {
  const file = nodeConfigPath(provider);

  return file.slice(0, file.lastIndexOf('/') + 1);
}
export const CONFIG_SECRET = { name: 'harvester-cloud-config', key: 'cloud-config' } as const;

export type ConfigSource = { secretName: string; key?: string } | { path: string };

/** The provider pod's `cloud-config` volume and its mount, as the chart renders them. */
export function cloudConfigVolume(source: ConfigSource): { volumes: unknown[]; volumeMounts: unknown[] } {
  const secret = 'secretName' in source;

  return {
    volumes:      [secret ? { name: 'cloud-config', secret: { secretName: source.secretName, items: [{ key: source.key || CONFIG_SECRET.key, path: 'cloud-config' }] } } : { name: 'cloud-config', hostPath: { path: source.path, type: 'File' } }],
    // A hostPath of type File is mounted as it is (no subPath), as harvester/charts renders it
    // (tests/charts/harvesterCharts.test.ts compares the two).
    volumeMounts: [{
      name: 'cloud-config', mountPath: CONFIG_MOUNT, readOnly: true, ...(secret ? { subPath: 'cloud-config' } : {})
    }],
  };
}
