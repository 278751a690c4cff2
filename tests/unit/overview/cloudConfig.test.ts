/**
 * R-CFG rows (docs/harvester-rules.md): whether the cloud provider's config is there and usable, decided from what
 * the guest shows, on the objects the simulator leaves for each case (lab/world/cloudConfigCases.ts), and the
 * overview's Set up offer for the ones a new kubeconfig fixes.
 */
import { getObject, listObjects } from '../../../lab/simulator/core/state';
import { demoSeed } from '../../../lab/world/seed';
import {
  CLOUD_CONFIG_CASES, CloudConfigCase, cloudConfigControl, playCloudConfigCase, simulatedToken
} from '../../../lab/world/cloudConfigCases';
import { kubeconfigYaml } from '../../../lab/simulator/harvester/kubeconfigEndpoint';
import {
  checkCloudConfig, configVolume, ConfigCheck, jwtExpiry, kubeconfigFacts
} from '@pkg/overview/cloudConfig';
import { parseYaml } from '@pkg/shared/miniYaml';
import { needsSetup, setupReason } from '@pkg/overview/presentation';
import OverviewPage from '@pkg/overview/OverviewPage.vue';
import { K3S_GUEST, RKE2_GUEST } from '../../../lab/world/ids';
import { useDemoServer } from '../../harness/demoServer';
import { mountDemo } from '../../harness/mount';

const NOW = 1_790_000_000;
const PROVIDER = 'kube-system/harvester-cloud-provider';
const demo = useDemoServer(demoSeed([]));
const { state } = demo;

describe('reading a kubeconfig', () => {
  it('reads clientcmd\'s YAML (lists at their key\'s indent), quoted scalars, comments and JSON', () => {
    const yaml = kubeconfigYaml('https://10.10.0.10:6443', 'team-b', 'Q0E=', 'tok');

    expect(parseYaml(yaml)).toMatchObject({
      'current-context': 'default',
      contexts:          [{
        context: {
          cluster: 'default', namespace: 'team-b', user: 'default'
        },
        name: 'default'
      }],
      users:       [{ name: 'default', user: { token: 'tok' } }],
      preferences: {},
    });
    expect(parseYaml('a: "x: y" # note\nb:\n  - \'it\'\'s\'\n  - c: d\n    e: f\n')).toEqual({ a: 'x: y', b: ['it\'s', { c: 'd', e: 'f' }] });
    expect(kubeconfigFacts(JSON.stringify({
      'current-context': 'c', contexts: [{ name: 'c', context: { cluster: 'k', user: 'u' } }], clusters: [{ name: 'k', cluster: { server: 'https://h' } }], users: [{ name: 'u', user: {} }]
    }))).toEqual({ namespace: 'default', exp: null });
    expect(kubeconfigFacts('not: a kubeconfig')).toBeNull();
  });

  it('R-CFG-4: only a JWT with an exp expires; a legacy service-account token (no exp) or another token never does', () => {
    expect(jwtExpiry(simulatedToken({ iss: 'kubernetes/serviceaccount' }))).toBeNull();
    expect(jwtExpiry(simulatedToken({ exp: NOW - 10 }))).toBe(NOW - 10);
    expect(jwtExpiry('kubeconfig-u-abc:xyz')).toBeNull();
    expect(jwtExpiry('a.!!!.c')).toBeNull();
  });

  it('R-CFG-1: finds the Secret key or the node file mounted at --cloud-config, as the chart renders them', () => {
    const d = (volumes: unknown[], volumeMounts: unknown[], args = ['--cloud-config=/etc/kubernetes/cloud-config']) => ({ metadata: { name: 'p', namespace: 'kube-system' }, spec: { template: { spec: { volumes, containers: [{ args, volumeMounts }] } } } });

    expect(configVolume(d([{ name: 'cc', secret: { secretName: 's', items: [{ key: 'my-key', path: 'cloud-config' }] } }], [{
      name: 'cc', mountPath: '/etc/kubernetes/cloud-config', subPath: 'cloud-config'
    }]))).toEqual({
      kind: 'secret', volume: 'cc', secretName: 's', key: 'my-key'
    });
    // A Secret mounted as a folder: the file's name is the key.
    expect(configVolume(d([{ name: 'cc', secret: { secretName: 's' } }], [{ name: 'cc', mountPath: '/etc/cfg' }], ['--cloud-config', '/etc/cfg/config']))).toMatchObject({ kind: 'secret', key: 'config' });
    expect(configVolume(d([{ name: 'cc', hostPath: { path: '/var/x', type: 'File' } }], [{ name: 'cc', mountPath: '/etc/kubernetes/cloud-config' }]))).toEqual({
      kind: 'hostPath', volume: 'cc', path: '/var/x'
    });
    expect(configVolume(d([], []))).toBeNull();
  });
});

/** What the overview's loader would read in the guest the simulator left (an admin: the Secret is readable). */
function readGuest(vmNamespace: string | null = 'default') {
  const d = getObject(state, RKE2_GUEST.id, 'apps.deployment', PROVIDER)!;
  const volume = configVolume(d);
  const secret = volume?.kind === 'secret' ? getObject(state, RKE2_GUEST.id, 'secret', `kube-system/${ volume.secretName }`) || null : undefined;
  const pods = listObjects(state, RKE2_GUEST.id, 'pod').filter((p) => p.metadata.labels?.['app.kubernetes.io/name'] === 'harvester-cloud-provider');

  return {
    deployment: { readable: true, value: d },
    secret:     secret === undefined ? null : { readable: true, value: secret },
    pods:       volume?.kind === 'hostPath' && !d.status.availableReplicas ? { pods, events: listObjects(state, RKE2_GUEST.id, 'event') } : null,
    vmNamespace,
  };
}

describe('the decision on the simulator\'s cases', () => {
  const expected: Record<CloudConfigCase, Partial<ConfigCheck>> = {
    'secret-ok':      { state: 'ok', namespace: 'default' },
    'secret-missing': {
      state: 'missing', secret: 'kube-system/harvester-cloud-config', key: 'cloud-config'
    },
    'other-namespace': {
      state: 'otherNamespace', namespace: 'team-b', vmNamespace: 'default'
    },
    expired:             { state: 'expired', at: new Date((NOW - 86400) * 1000).toISOString() },
    'node-file':         { state: 'onNodes', running: true },
    'node-file-missing': {
      state: 'nodesBroken', why: 'mount', path: '/var/lib/rancher/rke2/etc/config-files/cloud-provider-config'
    },
    'node-file-broken': { state: 'nodesBroken', why: 'crash' },
  };

  it.each(CLOUD_CONFIG_CASES.map((c) => [c]))('R-CFG: %s', (c) => {
    playCloudConfigCase(state, RKE2_GUEST.id, c, RKE2_GUEST.name, NOW);
    expect(checkCloudConfig(readGuest(), NOW)).toMatchObject(expected[c]);
  });

  it('the demo\'s own guests run with the config as a file on the nodes', () => {
    expect(checkCloudConfig(readGuest(), NOW)).toEqual({
      state: 'onNodes', path: '/var/lib/rancher/rke2/etc/config-files/cloud-provider-config', running: true
    });
  });

  it('R-CFG-2: an unknown VMs\' namespace leaves the namespace unchecked; a Secret the user may not read is "not checked"', () => {
    playCloudConfigCase(state, RKE2_GUEST.id, 'other-namespace', RKE2_GUEST.name, NOW);
    expect(checkCloudConfig(readGuest(null), NOW).state).toBe('ok');
    expect(checkCloudConfig({ ...readGuest(), secret: { readable: false, value: null } }, NOW)).toEqual({ state: 'secretForbidden', secret: 'kube-system/harvester-cloud-config' });
  });
});

describe('the Set up offer (needsSetup)', () => {
  const components = (cloudProvider: boolean | null, csiDriver: boolean | null) => [cloudProvider, csiDriver].map((installed, i) => ({
    component: i ? 'csiDriver' : 'cloudProvider', installed, version: null, capabilities: []
  })) as any;
  const report = (c: ConfigCheck | null, installed: [boolean | null, boolean | null] = [true, true]) => ({ components: components(...installed), cloudConfig: c }) as any;

  it('offers it for a missing component, not for one that could not be read', () => {
    expect(setupReason(report(null, [false, true]))).toBe('missing');
    expect(needsSetup(report(null, [true, false]))).toBe(true);
    expect(needsSetup(report(null, [null, null]))).toBe(false);
    expect(needsSetup(report(null))).toBe(false);
  });

  it('R-CFG-6: offers it for a config missing, broken, for another namespace, expired or broken on the nodes, not otherwise', () => {
    const offered = (check: ConfigCheck) => setupReason(report(check));

    expect(offered({
      state: 'missing', secret: 's', key: 'k'
    })).toBe('config');
    expect(offered({
      state: 'broken', secret: 's', key: 'k'
    })).toBe('config');
    expect(offered({
      state: 'otherNamespace', secret: 's', namespace: 'a', vmNamespace: 'b'
    })).toBe('config');
    expect(offered({
      state: 'expired', secret: 's', at: 'x'
    })).toBe('config');
    expect(offered({
      state: 'nodesBroken', path: 'p', why: 'crash'
    })).toBe('config');
    expect(offered({
      state: 'ok', secret: 's', namespace: 'a'
    })).toBeNull();
    expect(offered({ state: 'secretForbidden', secret: 's' })).toBeNull();
    expect(offered({
      state: 'onNodes', path: 'p', running: false
    })).toBeNull();
    expect(offered({ state: 'notChecked', why: 'unreadable' })).toBeNull();
  });
});

describe('the overview page', () => {
  const text = (wrapper: any, id: string) => wrapper.find(`[data-testid="${ id }"]`).text().replace(/\s+/g, ' ');

  it('says an expired config and offers Set up, without the token anywhere on the page', async() => {
    playCloudConfigCase(state, RKE2_GUEST.id, 'expired', RKE2_GUEST.name);
    const token = /token: (\S+)/.exec(Buffer.from(getObject(state, RKE2_GUEST.id, 'secret', 'kube-system/harvester-cloud-config')!.data!['cloud-config'], 'base64').toString())![1];
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(wrapper, 'overview-cloud-config')).toMatch(/^Cloud config ?Expired ?The token in the Secret kube-system\/harvester-cloud-config expired at 20\d\d-/);
    expect(text(wrapper, 'overview-problems')).toContain('The token in the cloud provider\'s config (Secret kube-system/harvester-cloud-config) expired at');
    expect(text(wrapper, 'overview-setup')).toContain('Set the cloud config up again from here');
    expect(wrapper.html()).not.toContain(token);
  });

  it('says a config for another namespace, in Simplified Chinese', async() => {
    playCloudConfigCase(state, RKE2_GUEST.id, 'other-namespace', RKE2_GUEST.name);
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id, 'zh-hans');

    expect(text(wrapper, 'overview-cloud-config')).toContain('对应主机命名空间 team-b，但此集群的虚拟机位于 default');
    expect(wrapper.find('[data-testid="overview-setup"]').exists()).toBe(true);
  });

  it('R-CFG-5: reads the pods only for a file on the nodes with no available replica, and says the mount failed', async() => {
    const { wrapper: healthy } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(healthy, 'overview-cloud-config')).toContain('On the nodes');
    expect(healthy.find('[data-testid="overview-setup"]').exists()).toBe(false);
    expect(state.requests.some((r) => r.path.endsWith('/v1/pods/kube-system'))).toBe(false);

    playCloudConfigCase(state, RKE2_GUEST.id, 'node-file-missing', RKE2_GUEST.name);
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(wrapper, 'overview-cloud-config')).toContain('The provider\'s pods wait for the file /var/lib/rancher/rke2/etc/config-files/cloud-provider-config on the nodes');
    expect(text(wrapper, 'overview-problems')).toContain('config file on the nodes (/var/lib/rancher/rke2/etc/config-files/cloud-provider-config) is missing or broken');
  });

  it('the K3s guest reads the file K3s\'s cloud-init puts on the nodes, not an RKE2 path; its broken case says so too', async() => {
    const { wrapper } = await mountDemo(OverviewPage, K3S_GUEST.id);

    expect(text(wrapper, 'overview-cloud-config')).toContain('a file on the nodes (/etc/kubernetes/cloud-config)');
    expect(wrapper.text()).not.toContain('/var/lib/rancher/rke2');

    // As `POST /__sim/cloud-config/<k3s-guest>/node-file-missing` plays it: the path of the guest's distribution.
    expect(cloudConfigControl(state)('POST', [K3S_GUEST.id, 'node-file-missing']).status).toBe(200);
    const { wrapper: broken } = await mountDemo(OverviewPage, K3S_GUEST.id);

    expect(text(broken, 'overview-cloud-config')).toContain('wait for the file /etc/kubernetes/cloud-config on the nodes');
  });

  it('a missing Secret offers Set up', async() => {
    playCloudConfigCase(state, RKE2_GUEST.id, 'secret-missing', RKE2_GUEST.name);
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(wrapper, 'overview-cloud-config')).toContain('Missing');
    expect(wrapper.find('[data-testid="overview-setup"]').exists()).toBe(true);
  });

  it('R-CFG-3: a user who may not read Secrets is told the config could not be checked (no Secret requested)', async() => {
    playCloudConfigCase(state, RKE2_GUEST.id, 'secret-ok', RKE2_GUEST.name);
    demo.as('viewer');
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(wrapper, 'overview-cloud-config')).toContain('You may not read the Secret kube-system/harvester-cloud-config');
    expect(state.requests.some((r) => r.path.includes('/secrets'))).toBe(false);
    expect(wrapper.find('[data-testid="overview-setup"]').exists()).toBe(false);
  });
});
