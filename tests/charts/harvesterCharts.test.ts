/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { runHelm } from './helm';
import { configVolume } from '../../pkg/harvester-cloud-ui/overview/cloudConfig';
import { COMPONENTS, versionFromWorkload } from '../../pkg/harvester-cloud-ui/environment/installedVersions';
import { parseProviderArgs, providerArgv } from '../../pkg/harvester-cloud-ui/loadBalancersPage/providerArgs';
import { chartValues, CLOUD_CONFIG_SECRET } from '../../pkg/harvester-cloud-ui/setup/plan';
import { chartObjects } from '../../lab/simulator/catalog/guestChartObjects';
import { harvesterChartsDir, imageTagValues, packaged } from '../../lab/standins/harvesterCharts';

/**
 * Harvester's own charts (harvester/charts 48a577b, `../shared/harvester`) rendered by the real Helm with the values
 * the set-up sends (setup/plan.ts `chartValues`), then read by the extension's own decisions: where each component's
 * workload is (environment/components.ts), where the provider reads its config (R-CFG-1), its `--cluster-name`, the
 * version it shows, and that the CSI driver finds its kubeconfig under the key the set-up writes. The stand-in that
 * creates these objects in the lab (lab/simulator/catalog/guestChartObjects.ts) is checked against the same renders.
 */
let charts: string;
let work: string;

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(() => {
  // Unpacked from ../shared/harvester as real mode's install unpacks it (fails naming the archive when it is missing).
  charts = harvesterChartsDir();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'harvester-charts-'));
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** `helm template <chart>` into kube-system (the charts' catalog.cattle.io/namespace) with these values. */
function render(chart: string, values: Obj): Obj[] {
  const file = path.join(work, `${ chart }-values.json`);

  fs.writeFileSync(file, JSON.stringify(values));
  const r = runHelm(['template', chart, path.join(charts, chart), '--namespace', 'kube-system', '-f', file]);

  if (r.status !== 0) {
    throw new Error(`helm template ${ chart }: ${ r.stderr }`);
  }

  return parseAllDocuments(r.stdout).map((d) => d.toJS()).filter(Boolean);
}

const workloadOf = (objects: Obj[], component: keyof typeof COMPONENTS): any => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const [namespace, name] = COMPONENTS[component].id.split('/');
  const kind = COMPONENTS[component].type === 'apps.deployment' ? 'Deployment' : 'DaemonSet';

  return objects.find((o) => o.kind === kind && o.metadata.name === name && (o.metadata.namespace || 'kube-system') === namespace);
};

describe.each([false, true])('the set-up\'s values, the Secret mounted: %s', (secretMounted) => {
  const values = chartValues('rke2-guest', secretMounted);

  it('the provider: its Deployment where the extension looks, its config where R-CFG-1 says, its --cluster-name', () => {
    const deployment = workloadOf(render('harvester-cloud-provider', values.cloudProvider), 'cloudProvider');

    expect(deployment).toBeDefined();
    expect(configVolume(deployment)).toEqual(secretMounted ? {
      kind: 'secret', volume: 'cloud-config', secretName: CLOUD_CONFIG_SECRET.name, key: CLOUD_CONFIG_SECRET.providerKey
    } : {
      kind: 'hostPath', volume: 'cloud-config', path: '/var/lib/rancher/rke2/etc/config-files/cloud-provider-config'
    });
    expect(parseProviderArgs(providerArgv(deployment) || []).clusterName).toBe('rke2-guest');
    // This build's image tag is `master-head` (no version): the extension falls back to the chart's appVersion.
    expect(versionFromWorkload(deployment, 'cloudProvider')).toBe('0.2.8');
  });

  it('the CSI driver: its DaemonSet where the extension looks, reading its kubeconfig from the key the set-up writes', () => {
    const daemonSet = workloadOf(render('harvester-csi-driver', values.csiDriver), 'csiDriver') as Obj;
    const pod = daemonSet.spec.template.spec;
    const driver = pod.containers.find((c: Obj) => `${ c.image }`.includes(COMPONENTS.csiDriver.image));
    const kubeconfig = driver.args.find((a: string) => a.startsWith('--kubeconfig=')).slice('--kubeconfig='.length);
    const mount = driver.volumeMounts.find((m: Obj) => kubeconfig.startsWith(`${ m.mountPath.replace(/\/$/, '') }/`));
    const volume = pod.volumes.find((v: Obj) => v.name === mount.name);

    expect(path.posix.basename(kubeconfig)).toBe(CLOUD_CONFIG_SECRET.csiKey);
    expect(volume).toEqual(secretMounted ? { name: 'cloud-config', secret: { secretName: CLOUD_CONFIG_SECRET.name } } : { name: 'cloud-config', hostPath: { path: '/var/lib/rancher/rke2/etc/config-files/', type: 'DirectoryOrCreate' } });
  });
});

describe.each([false, true])('the lab\'s stand-in for these releases (guestChartObjects.ts), the Secret mounted: %s', (secretMounted) => {
  const values = chartValues('rke2-guest', secretMounted);
  const found = (name: string) => ({
    name, version: '0.0.0-dev', appVersion: 'v0.2.8'
  });
  /** What of a pod spec the stand-in claims to write, as the real render has it. */
  const podFields = (w: Obj) => {
    const spec = w.spec.template.spec;
    const container = spec.containers.find((c: Obj) => c.name === w.metadata.name);

    return {
      serviceAccountName: spec.serviceAccountName,
      hostNetwork:        spec.hostNetwork,
      command:            container.command,
      args:               container.args,
      volumeMounts:       (container.volumeMounts || []).filter((m: Obj) => m.name === 'cloud-config'),
      volumes:            spec.volumes.filter((v: Obj) => v.name === 'cloud-config'),
    };
  };

  it('the provider: the same Deployment where it matters, the same RBAC rules', () => {
    const real = render('harvester-cloud-provider', values.cloudProvider);
    const standIn = chartObjects(found('harvester-cloud-provider'), values.cloudProvider, 1, 'rke2') as Obj[];
    const role = (objs: Obj[]) => objs.find((o) => o.kind === 'ClusterRole' && o.metadata.name === 'harvester-cloud-provider')?.rules;

    expect(podFields(workloadOf(standIn, 'cloudProvider') as Obj)).toEqual(podFields(workloadOf(real, 'cloudProvider') as Obj));
    expect(role(standIn)).toEqual(role(real));
  });

  it('the CSI driver: the same DaemonSet volume for its config', () => {
    const real = workloadOf(render('harvester-csi-driver', values.csiDriver), 'csiDriver') as Obj;
    const standIn = workloadOf(chartObjects(found('harvester-csi-driver'), values.csiDriver, 1, 'rke2') as Obj[], 'csiDriver') as Obj;
    const volume = (w: Obj) => w.spec.template.spec.volumes.filter((v: Obj) => v.name === 'cloud-config');

    expect(volume(standIn)).toEqual(volume(real));
  });
});

describe('packaged as rancher/charts packages them (lab/standins/harvesterCharts.ts, real mode\'s install)', () => {
  it.each([
    ['harvester-cloud-provider', '107.0.1+up0.2.15', 'v0.2.8', 'Deployment'],
    ['harvester-csi-driver', '107.0.0+up0.1.31', 'v0.2.9', 'DaemonSet'],
  ])('%s %s: the index entry\'s version on the workload, its appVersion the image the extension reads', (chart, version, appVersion, kind) => {
    const into = fs.mkdtempSync(path.join(os.tmpdir(), 'packaged-'));

    try {
      const dir = packaged(chart, { version, appVersion }, into);
      const values = path.join(into, 'image.json');

      fs.writeFileSync(values, JSON.stringify(imageTagValues(chart, appVersion)));
      const r = runHelm(['template', chart, dir, '--namespace', 'kube-system', '-f', values]);
      const workload = parseAllDocuments(r.stdout).map((d) => d.toJS()).find((o) => o?.kind === kind && o.metadata.name === chart);
      const component = kind === 'Deployment' ? 'cloudProvider' : 'csiDriver';

      expect(r.stderr).toBe('');
      expect(workload.metadata.labels['helm.sh/chart']).toBe(`${ chart }-${ version.replace('+', '_') }`);
      expect(versionFromWorkload(workload, component)).toBe(appVersion.slice(1));
    } finally {
      fs.rmSync(into, { recursive: true, force: true });
    }
  });
});
