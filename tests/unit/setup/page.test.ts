import { getObject, listObjects } from '../../../lab/simulator/core/state';
import { HARVESTER_HOST, K3S_BARE, RKE2_GUEST } from '../../../lab/world/ids';
import { OPERATION_TIMING } from '../../../lab/simulator/catalog/helmOperation';
import { HELM_FOLLOW } from '@pkg/setup/operation';
import SetupPage from '@pkg/setup/SetupPage.vue';
import OverviewPage from '@pkg/overview/OverviewPage.vue';
import { mountDemo, settle } from '../../harness/mount';
import { Locale } from '../../harness/store';
import { useDemoServer } from '../../harness/demoServer';

const { state } = useDemoServer();
const timing = { ...OPERATION_TIMING };
const follow = { ...HELM_FOLLOW };

// Rancher's Helm operations finish at once here, and the page looks at them again at once.
beforeAll(() => Object.assign(OPERATION_TIMING, { startMs: 0, runMs: 0 }) && Object.assign(HELM_FOLLOW, { intervalMs: 1 }));
afterAll(() => Object.assign(OPERATION_TIMING, timing) && Object.assign(HELM_FOLLOW, follow));

const byId = (wrapper: any, id: string) => wrapper.find(`[data-testid="${ id }"]`);
const input = (wrapper: any, id: string) => byId(wrapper, id).find('input');
const writes = () => state.requests.filter((r) => r.method !== 'GET');
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) {
    await later();
    await settle();
  }
}

describe('Set up from the overview', () => {
  it('offers Set up on a guest missing both components, and not on a set-up one', async() => {
    const { wrapper } = await mountDemo(OverviewPage, K3S_BARE.id);

    expect(byId(wrapper, 'overview-problems').text()).toContain('The Harvester cloud provider is not installed.');
    expect(byId(wrapper, 'overview-setup').exists()).toBe(true);
    const setUp = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(byId(setUp.wrapper, 'overview-setup').exists()).toBe(false);
  });

  it('prefills the form, checks it beside the fields and sends nothing while it fails', async() => {
    const { wrapper } = await mountDemo(SetupPage, K3S_BARE.id);

    // R-SET-1: the host (the only Harvester cluster), the VMs' namespace from the machine pool, the cluster's name.
    expect(input(wrapper, 'setup-namespace').element.value).toBe('default');
    expect(input(wrapper, 'setup-service-account').element.value).toBe(K3S_BARE.name);
    await input(wrapper, 'setup-service-account').setValue('K3s_Bare');
    await byId(wrapper, 'setup-form').trigger('submit');
    await settle();
    expect(byId(wrapper, 'setup-form').findAll('[data-testid="field-error"]').map((e: any) => e.text())).toEqual([
      'Lowercase letters, digits and \'-\', starting and ending with a letter or digit.',
    ]);
    expect(writes()).toEqual([]);
  });

  it('generates the kubeconfig on the host, keeps it hidden until asked, and applies the Secret and the charts', async() => {
    const { wrapper } = await mountDemo(SetupPage, K3S_BARE.id);

    await byId(wrapper, 'setup-form').trigger('submit');
    await settle();
    // R-SET-2: Harvester made the service account, its token Secret and the two bindings in the namespace asked.
    expect(getObject(state, HARVESTER_HOST.id, 'serviceaccount', `default/${ K3S_BARE.name }`)).toBeTruthy();
    expect(getObject(state, HARVESTER_HOST.id, 'secret', `default/${ K3S_BARE.name }-token`)?.type).toBe('kubernetes.io/service-account-token');
    expect(getObject(state, HARVESTER_HOST.id, 'rbac.authorization.k8s.io.clusterrolebinding', `default-${ K3S_BARE.name }`)?.roleRef.name).toBe('harvesterhci.io:csi-driver');
    const token = Buffer.from(getObject(state, HARVESTER_HOST.id, 'secret', `default/${ K3S_BARE.name }-token`)?.data?.token || '', 'base64').toString();

    // R-SET-8: the token is nowhere on the page until the user asks, and never in a URL.
    expect(wrapper.html()).not.toContain(token);
    expect(byId(wrapper, 'setup-credential-made').text()).toContain('https://10.10.0.10:6443');
    expect(state.requests.some((r) => r.path.includes(token) || JSON.stringify(r.query).includes(token))).toBe(false);
    await byId(wrapper, 'setup-reveal').trigger('click');
    expect(byId(wrapper, 'setup-kubeconfig').text()).toContain(`token: ${ token }`);
    expect(byId(wrapper, 'setup-plan-config-k3s').text()).toContain('disable-cloud-controller: true');

    await byId(wrapper, 'setup-apply-button').trigger('click');
    await settle();
    await later();
    const secret = getObject(state, K3S_BARE.id, 'secret', 'kube-system/harvester-cloud-config');

    expect(Buffer.from(secret?.data?.['cloud-config'] || '', 'base64').toString()).toContain(`token: ${ token }`);
    expect(byId(wrapper, 'setup-result-charts').text()).toContain('107.0.1+up0.2.15, 107.0.0+up0.1.31');
    // R-SET-10: then what Helm made of it, from the Operation Rancher keeps in the guest.
    await waitFor(() => byId(wrapper, 'setup-result-helm').text().includes('Helm installed the charts'));
    expect(byId(wrapper, 'setup-result-helm').text()).toMatch(/^Helm installed the charts \(Rancher's operation kube-system\/helm-operation-[a-z0-9]+\)\.$/);
    const provider = getObject(state, K3S_BARE.id, 'apps.deployment', 'kube-system/harvester-cloud-provider');

    expect(provider?.spec.template.spec.volumes).toEqual([{ name: 'cloud-config', secret: { secretName: 'harvester-cloud-config', items: [{ key: 'cloud-config', path: 'cloud-config' }] } }]);
    expect(provider?.spec.template.spec.containers[0].args).toContain(`--cluster-name=${ K3S_BARE.name }`);
    expect(getObject(state, K3S_BARE.id, 'apps.daemonset', 'kube-system/harvester-csi-driver')).toBeTruthy();

    // The overview, opened again, has nothing left to report: both installed, the CSI account bound on the host.
    const overview = await mountDemo(OverviewPage, K3S_BARE.id);

    expect(byId(overview.wrapper, 'overview-problems').text()).toContain('Nothing needs attention.');
    expect(byId(overview.wrapper, 'overview-component-cloudProvider').text()).toContain('Installed, version 0.2.8');
    // R-CFG-2: the provider's config is the Secret just written, for the VMs' namespace.
    expect(byId(overview.wrapper, 'overview-cloud-config').text()).toContain('Usable');
    expect(overview.wrapper.html()).not.toContain(token);
  });

  it('R-SET-6: on RKE2 shows the user data and the RKE2 lines, no HelmChart, and applies nothing in the cluster', async() => {
    const { wrapper } = await mountDemo(SetupPage, RKE2_GUEST.id);

    await byId(wrapper, 'setup-form').trigger('submit');
    await settle();
    expect(byId(wrapper, 'setup-plan-charts').text()).toContain('RKE2 brings its own harvester-cloud-provider and harvester-csi-driver charts');
    expect(byId(wrapper, 'setup-plan-helmCharts').exists()).toBe(false);
    expect(byId(wrapper, 'setup-plan-config-rke2').text()).toContain('cloud-provider-name: harvester');
    expect(byId(wrapper, 'setup-credential').text()).toContain('nothing is stored in this cluster from here');
    expect(byId(wrapper, 'setup-apply-what').text()).toContain('Nothing to apply here for RKE2');
    expect(byId(wrapper, 'setup-apply-button').exists()).toBe(false);
    // The only write is Harvester's kubeconfig endpoint on the host.
    expect(writes().map((r) => r.path)).toEqual([`/k8s/clusters/${ HARVESTER_HOST.id }/v1/harvester/kubeconfig`]);
  });

  // A K3s guest newer than every Harvester chart's kube-version: Rancher's index lists neither chart for it.
  it.each([
    ['en-us', 'rancher-charts has no version of harvester-cloud-provider for this cluster\'s Kubernetes version'],
    ['zh-hans', 'rancher-charts 中没有适用于此集群 Kubernetes 版本的 harvester-cloud-provider'],
  ])('%s: when no chart version admits the guest\'s Kubernetes, Apply says so in the user\'s language and installs nothing', async(locale, said) => {
    // Upgraded: its nodes, and the version Rancher keeps from its API server (what Rancher's index filter reads).
    listObjects(state, K3S_BARE.id, 'node').forEach((n) => {
      n.status.nodeInfo.kubeletVersion = 'v1.34.2+k3s1';
    });
    const mgmt = getObject(state, 'local', 'management.cattle.io.cluster', K3S_BARE.id);

    if (!mgmt) {
      throw new Error('k3s-bare has no management cluster');
    }
    mgmt.status.version.gitVersion = 'v1.34.2+k3s1';
    const { wrapper } = await mountDemo(SetupPage, K3S_BARE.id, locale as Locale);

    await byId(wrapper, 'setup-form').trigger('submit');
    await settle();
    await byId(wrapper, 'setup-apply-button').trigger('click');
    await settle();
    expect(byId(wrapper, 'setup-result-charts').text()).toContain(said);
    // The Secret is written (its step comes first); no install is asked of Rancher's repository.
    expect(writes().map((r) => r.path)).toContainEqual(expect.stringContaining('/secrets'));
    expect(writes().map((r) => r.path)).not.toContainEqual(expect.stringContaining('clusterrepos'));
  });

  it('keeps the form and says what happened when Harvester refuses', async() => {
    const { wrapper } = await mountDemo(SetupPage, K3S_BARE.id);

    await input(wrapper, 'setup-namespace').setValue('no-such-ns');
    await byId(wrapper, 'setup-form').trigger('submit');
    await settle();
    expect(byId(wrapper, 'setup-generate-failure').text()).toContain('namespaces "no-such-ns" not found');
    expect(input(wrapper, 'setup-namespace').element.value).toBe('no-such-ns');
    expect(byId(wrapper, 'setup-credential').exists()).toBe(false);
  });
});
