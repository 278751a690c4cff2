import { chartForKube, kubeVersionOf, newestInIndex, upstreamOf } from '@pkg/setup/charts';
import {
  CLOUD_CONFIG_PATHS, distributionOf, HIDDEN, setupPlan, userData
} from '@pkg/setup/plan';

const KUBECONFIG = 'apiVersion: v1\nkind: Config\nusers:\n- name: default\n  user:\n    token: secret-token\n';

describe('the chart for a Kubernetes version (harvester/charts kube-version annotations)', () => {
  // R-SET-3: the newest chart whose catalog.cattle.io/kube-version admits the version.
  it('R-SET-3: picks the newest chart that admits the version, and none below every range', () => {
    expect(chartForKube('cloudProvider', 'v1.32.5+k3s1')).toBe('0.2.15');
    expect(chartForKube('cloudProvider', 'v1.22.17+k3s1')).toBe('0.1.14');
    expect(chartForKube('cloudProvider', 'v1.26.3+rke2r1')).toBe('0.2.15');
    expect(chartForKube('csiDriver', 'v1.25.9')).toBe('0.1.31');
    expect(chartForKube('cloudProvider', 'v1.17.0')).toBeNull();
    expect(chartForKube('csiDriver', 'not a version')).toBeNull();
    expect(kubeVersionOf('v1.31.9+k3s1')).toBe('1.31.9');
  });

  it('takes the newest version the Apps index offers (Rancher already filtered it by Kubernetes version)', () => {
    const index = { entries: { 'harvester-csi-driver': [{ version: '107.0.0+up0.1.31' }, { version: '106.0.1+up0.1.29' }] } };

    expect(newestInIndex(index, 'harvester-csi-driver')).toBe('107.0.0+up0.1.31');
    expect(newestInIndex(index, 'harvester-cloud-provider')).toBeNull();
    expect(upstreamOf('107.0.0+up0.1.31')).toBe('0.1.31');
  });
});

describe('the setup plan per distribution', () => {
  it('R-SET-5: K3s gets the user data, HelmChart manifests with the matching versions and the K3s config lines', () => {
    const plan = setupPlan({
      distribution: 'k3s', kubernetesVersion: 'v1.32.5+k3s1', clusterName: 'k3s-bare', kubeconfig: KUBECONFIG
    });

    expect(plan.charts).toEqual({ cloudProvider: '0.2.15', csiDriver: '0.1.31' });
    expect(plan.configLines).toBe('disable-cloud-controller: true\ndisable:\n  - servicelb\nkubelet-arg:\n  - cloud-provider=external');
    expect(plan.helmCharts).toContain('kind: HelmChart\nmetadata:\n  name: harvester-cloud-provider');
    expect(plan.helmCharts).toContain('  version: "0.2.15"');
    expect(plan.helmCharts).toContain('  chart: harvester-csi-driver\n  version: "0.1.31"');
    // The provider is told the cluster's name (its load balancers' prefix) and where the cloud config is.
    expect(plan.helmCharts).toContain('    global:\n      cattle:\n        clusterName: "k3s-bare"');
    expect(plan.helmCharts).toContain('      secretName: "harvester-cloud-config"\n      secretKey: "cloud-config"');
  });

  it('R-SET-4: the user data writes the kubeconfig where Harvester\'s own user data does, and holds no token until shown', () => {
    const shown = userData(KUBECONFIG);

    expect(shown.split('\n').filter((l) => l.includes('path:')).map((l) => l.trim())).toEqual(CLOUD_CONFIG_PATHS.map((p) => `path: ${ p }`));
    expect(Buffer.from(/content: (\S+)/.exec(shown)?.[1] || '', 'base64').toString()).toBe(KUBECONFIG);
    const hidden = setupPlan({
      distribution: 'k3s', kubernetesVersion: 'v1.32.5+k3s1', clusterName: 'x', kubeconfig: null
    });

    expect(hidden.userData).toContain(HIDDEN);
    expect(JSON.stringify(hidden)).not.toContain(Buffer.from(KUBECONFIG).toString('base64'));
  });

  it('R-SET-6: RKE2 gets the user data and its config lines, no HelmChart manifest (its own bundled ones have those names)', () => {
    const rke2 = setupPlan({
      distribution: 'rke2', kubernetesVersion: 'v1.33.5+rke2r1', clusterName: 'a', kubeconfig: KUBECONFIG
    });

    expect(rke2.bundled).toBe(true);
    expect(rke2.helmCharts).toBeNull();
    // RKE2's release brings the chart versions (rancher/rke2 charts/chart_versions.yaml), not harvester/charts' pick.
    expect(rke2.charts).toEqual({ cloudProvider: null, csiDriver: null });
    expect(rke2.configLines).toBe('cloud-provider-name: harvester\ncloud-provider-config: /var/lib/rancher/rke2/etc/config-files/cloud-provider-config');
    // The bundled provider reads the file the user data writes at the path cloud-provider-config names.
    expect(rke2.userData).toContain('path: /var/lib/rancher/rke2/etc/config-files/cloud-provider-config');
    expect(rke2.secretMounted).toBe(false);
  });

  it('R-SET-6: RKE1, custom and imported clusters get no HelmChart (no helm-controller): the charts go through Apps', () => {
    const other = setupPlan({
      distribution: 'other', kubernetesVersion: 'v1.30.4', clusterName: 'a', kubeconfig: null
    });

    expect(other.bundled).toBe(false);
    expect(other.helmCharts).toBeNull();
    expect(other.configLines).toBeNull();
    expect(other.values.cloudProvider).toEqual({ global: { cattle: { clusterName: 'a' } }, cloudConfig: { secretName: 'harvester-cloud-config', secretKey: 'cloud-config' } });
  });

  it('R-SET-3: a provider chart before 0.2.12 cannot mount the Secret: no secret values, the user data is the way', () => {
    const old = setupPlan({
      distribution: 'k3s', kubernetesVersion: 'v1.22.17+k3s1', clusterName: 'a', kubeconfig: null
    });

    expect(old.charts.cloudProvider).toBe('0.1.14');
    expect(old.secretMounted).toBe(false);
    expect(old.values).toEqual({ cloudProvider: { global: { cattle: { clusterName: 'a' } } }, csiDriver: {} });
    expect(old.helmCharts).not.toContain('secretName');
  });

  it('tells the distribution from the Kubernetes version and Rancher\'s provider', () => {
    expect(distributionOf('v1.32.5+k3s1')).toBe('k3s');
    expect(distributionOf('v1.33.5+rke2r1')).toBe('rke2');
    expect(distributionOf('v1.30.4', 'k3s')).toBe('k3s');
    expect(distributionOf('v1.28.15-rancher1-1', 'rke')).toBe('other');
    expect(distributionOf(null, 'imported')).toBe('other');
  });
});
