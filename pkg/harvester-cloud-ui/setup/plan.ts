/**
 * What to put where to run the Harvester cloud provider and CSI driver on a guest, per distribution (rules
 * R-SET-3..6 in docs/harvester-rules.md). Plain text out; the kubeconfig (a credential of the host) only goes in
 * when the caller has it shown, else a placeholder stands in its place.
 * RKE2 bundles both charts as HelmCharts of the same names in kube-system (rancher/rke2 `charts/chart_versions.yaml`:
 * `harvester-cloud-provider`, `harvester-csi-driver`), deployed once `cloud-provider-name: harvester` is set: a
 * manifest or App of the same name would collide with them, so its plan has neither.
 */
import { toBase64 } from '../shared/base64';
import { chartForKube, HARVESTER_CHART_REPO, MIN_PROVIDER_CHART_FOR_SECRET } from './charts';
import { compareVersions } from '../environment/installedVersions';
import { Distribution } from '../environment/distribution';

// Decided with the guest's environment (the overview needs it without the plan).
export { distributionOf } from '../environment/distribution';
export type { Distribution } from '../environment/distribution';

/** Where Harvester's kubeconfig endpoint (outputFormat yaml) writes the cloud config on the nodes: both paths. */
export const CLOUD_CONFIG_PATHS = ['/etc/kubernetes/cloud-config', '/var/lib/rancher/rke2/etc/config-files/cloud-provider-config'] as const;

/**
 * The guest Secret both charts can mount: the provider reads key `cloud-config` (`cloudConfig.secretKey`), the CSI
 * driver mounts the Secret as a folder and reads the file `cloud-provider-config` (`--kubeconfig=/var/lib/harvester/
 * cloud-provider-config`).
 */
export const CLOUD_CONFIG_SECRET = {
  namespace: 'kube-system', name: 'harvester-cloud-config', providerKey: 'cloud-config', csiKey: 'cloud-provider-config'
} as const;

export const HIDDEN = '<hidden: the kubeconfig holds a token of the Harvester cluster>';

export interface PlanInput {
  distribution: Distribution;
  kubernetesVersion: string | null;
  /** The provider's `--cluster-name` (Rancher: `global.cattle.clusterName`): the prefix of its load balancers. */
  clusterName: string;
  /** The kubeconfig, or null while it is not shown. */
  kubeconfig: string | null;
}

export interface SetupPlan {
  distribution: Distribution;
  /** RKE2: its own bundled charts, from its config lines; no HelmChart manifests, nothing installed through Apps. */
  bundled: boolean;
  /** The harvester/charts versions for the cluster's Kubernetes; null for RKE2 (its release brings its own). */
  charts: { cloudProvider: string | null; csiDriver: string | null };
  /** Whether the provider chart mounts the cloud config from the guest Secret (chart 0.2.12+). */
  secretMounted: boolean;
  userData: string;
  /** `HelmChart` manifests for K3s' helm-controller; null elsewhere (RKE2 has its own, others may have none). */
  helmCharts: string | null;
  /** Chart values for the Apps page (every distribution). */
  values: { cloudProvider: Record<string, unknown>; csiDriver: Record<string, unknown> };
  /** Lines for the cluster's config (K3s, RKE2); null for the others. */
  configLines: string | null;
}


/** Harvester's own cloud-init user data (kubeconfig handler `writeYamlOutput`): the file at both paths. */
export function userData(kubeconfig: string | null): string {
  const content = kubeconfig === null ? HIDDEN : toBase64(kubeconfig);

  return ['write_files:', ...CLOUD_CONFIG_PATHS.flatMap((path) => [
    '- encoding: b64', `  content: ${ content }`, '  owner: root:root', `  path: ${ path }`, "  permissions: '0644'",
  ])].join('\n');
}

export function chartValues(clusterName: string, secretMounted: boolean): SetupPlan['values'] {
  const secret = { secretName: CLOUD_CONFIG_SECRET.name };

  return {
    cloudProvider: { global: { cattle: { clusterName } }, ...(secretMounted ? { cloudConfig: { ...secret, secretKey: CLOUD_CONFIG_SECRET.providerKey } } : {}) },
    csiDriver:     secretMounted ? { cloudConfig: secret } : {},
  };
}

const q = (s: string) => JSON.stringify(s);

function indentYaml(values: Record<string, unknown>, pad: string): string[] {
  const out: string[] = [];
  const walk = (o: Record<string, unknown>, depth: number) => Object.entries(o).forEach(([k, v]) => {
    const at = `${ pad }${ '  '.repeat(depth) }${ k }:`;

    if (v && typeof v === 'object') {
      out.push(at);
      walk(v as Record<string, unknown>, depth + 1);
    } else {
      out.push(`${ at } ${ q(`${ v }`) }`);
    }
  });

  walk(values, 0);

  return out;
}

function helmChart(name: string, version: string, values: Record<string, unknown>): string {
  const body = Object.keys(values).length ? ['  valuesContent: |-', ...indentYaml(values, '    ')] : [];

  return [
    'apiVersion: helm.cattle.io/v1', 'kind: HelmChart', 'metadata:', `  name: ${ name }`, '  namespace: kube-system', 'spec:',
    '  targetNamespace: kube-system', '  bootstrap: true', `  repo: ${ HARVESTER_CHART_REPO }`, `  chart: ${ name }`, `  version: ${ q(version) }`, '  helmVersion: v3', ...body,
  ].join('\n');
}

const K3S_LINES = ['disable-cloud-controller: true', 'disable:', '  - servicelb', 'kubelet-arg:', '  - cloud-provider=external'];
const RKE2_LINES = ['cloud-provider-name: harvester', `cloud-provider-config: ${ CLOUD_CONFIG_PATHS[1] }`];

export function setupPlan(input: PlanInput): SetupPlan {
  const bundled = input.distribution === 'rke2';
  const charts = bundled ? { cloudProvider: null, csiDriver: null } : { cloudProvider: chartForKube('cloudProvider', input.kubernetesVersion), csiDriver: chartForKube('csiDriver', input.kubernetesVersion) };
  // RKE2's bundled provider reads the file its `cloud-provider-config` names on the nodes.
  const secretMounted = !!charts.cloudProvider && compareVersions(charts.cloudProvider, MIN_PROVIDER_CHART_FOR_SECRET) >= 0;
  const values = chartValues(input.clusterName, secretMounted);
  const manifests = input.distribution !== 'k3s' ? null : [
    charts.cloudProvider ? helmChart('harvester-cloud-provider', charts.cloudProvider, values.cloudProvider) : null,
    charts.csiDriver ? helmChart('harvester-csi-driver', charts.csiDriver, values.csiDriver) : null,
  ].filter(Boolean).join('\n---\n');

  return {
    distribution: input.distribution,
    bundled,
    charts,
    secretMounted,
    userData:     userData(input.kubeconfig),
    helmCharts:   manifests || null,
    values,
    configLines:  input.distribution === 'k3s' ? K3S_LINES.join('\n') : input.distribution === 'rke2' ? RKE2_LINES.join('\n') : null,
  };
}
