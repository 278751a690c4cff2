/**
 * The overview reads the cloud provider's arguments as the Load Balancers page does (loadBalancersPage/providerArgs.ts,
 * R-ARGS rows, R-OVR-6) and, when its Deployment is not readable, from its Rancher App's chart values (R-ARGS-7); the card
 * flags them from the Deployment it already reads.
 */
import { getObject, storeObject } from '../../../lab/simulator/core/state';
import { demoSeed } from '../../../lab/world/seed';
import OverviewPage from '@pkg/overview/OverviewPage.vue';
import OverviewCard from '@pkg/overview/OverviewCard.vue';
import { argsFromApp, argvFromAppValues } from '@pkg/loadBalancersPage/providerValues';
import { checkProviderArgs } from '@pkg/loadBalancersPage/providerArgs';
import { useDemoServer } from '../../harness/demoServer';
import { HARVESTER_HOST, RKE2_GUEST } from '../../../lab/world/ids';
import { mountDemo } from '../../harness/mount';

const { state } = useDemoServer(demoSeed([]));

const PROVIDER = 'kube-system/harvester-cloud-provider';
const setArgs = (args: string[]) => {
  getObject(state, RKE2_GUEST.id, 'apps.deployment', PROVIDER)!.spec.template.spec.containers[0].args = args;
};
/** The App Rancher's Apps page leaves (rancher `ReleaseSpec`: the user's values, the chart with its defaults). */
const app = (values: Record<string, unknown>, version = '107.0.1+up0.2.15') => ({
  apiVersion: 'catalog.cattle.io/v1',
  kind:       'App',
  metadata:   { name: 'harvester-cloud-provider', namespace: 'kube-system' },
  spec:       {
    name:  'harvester-cloud-provider',
    chart: {
      metadata: {
        name: 'harvester-cloud-provider', version, appVersion: 'v0.2.8'
      },
      values: { global: { cattle: { clusterName: '' } }, extraArgs: [] },
    },
    values,
  },
});
const text = (wrapper: any, id: string) => wrapper.find(`[data-testid="${ id }"]`).text().replace(/\s+/g, ' ');

describe('the provider\'s chart values (R-ARGS-7)', () => {
  it('renders the args as the chart does: the App\'s values over the chart\'s, no --cluster-name when empty, extraArgs from chart 0.2.12', () => {
    const defaults = { global: { cattle: { clusterName: '' } }, extraArgs: ['--management-network=default/mgmt'] };

    expect(argvFromAppValues({ global: { cattle: { clusterName: 'g1' } } }, defaults, '0.2.15')).toEqual([
      'harvester-cloud-provider', '--cloud-config=/etc/kubernetes/cloud-config', '--cluster-name=g1', '--management-network=default/mgmt',
    ]);
    // A list replaces the default's list; an empty name renders no flag (the provider then uses "kubernetes").
    expect(argvFromAppValues({ extraArgs: ['--controllers=cloud-node-controller'] }, defaults, '0.2.15').slice(2)).toEqual(['--controllers=cloud-node-controller']);
    // Chart 0.2.11 has no extraArgs in its template.
    expect(argvFromAppValues({ extraArgs: ['--controllers=cloud-node-controller'] }, defaults, '0.2.11').slice(2)).toEqual([]);
  });

  it('takes the version the App\'s chart runs, Rancher\'s or harvester/charts\' numbering', () => {
    expect(argsFromApp(app({}) as any)?.version).toBe('0.2.8');
    expect(argsFromApp(app({}, '0.2.13') as any)?.version).toBe('0.2.6');
    expect(argsFromApp({ metadata: { name: 'x' }, spec: { chart: { metadata: { name: 'other-chart' } } } })).toBeNull();
    // The App with the chart's own example switches the load balancers off.
    const source = argsFromApp(app({ global: { cattle: { clusterName: 'rke2-guest' } }, extraArgs: ['--controllers=cloud-node-controller,cloud-node-lifecycle-controller,node-route-controller'] }) as any)!;

    expect(checkProviderArgs(source).map((f) => f.id)).toEqual(['lbControllerOff']);
  });
});

describe('the overview page', () => {
  it('shows the arguments of the Deployment in the provider\'s box, and nothing to flag for the demo', async() => {
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    const box = wrapper.find('[data-testid="overview-provider-args"]');

    expect(box.find('p').text()).toBe('From the container of its Deployment.');
    expect(box.findAll('li').map((li: any) => li.text())).toEqual([
      '--cluster-name: rke2-guest', '--controllers: not set: every controller (*)', '--management-network: not set: the first network found',
    ]);
    expect(wrapper.findAll('[data-testid^="overview-arg-"]')).toHaveLength(0);
  });

  it('flags the load balancer controller switched off, in the box and as a problem', async() => {
    setArgs(['--cloud-config=/etc/kubernetes/cloud-config', '--cluster-name=rke2-guest', '--controllers=cloud-node-controller']);
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(wrapper, 'overview-arg-lbControllerOff')).toContain('its load balancer controller (service-lb-controller) is off');
    expect(text(wrapper, 'overview-problems')).toContain('The cloud provider\'s load balancer controller is off (--controllers=cloud-node-controller)');
  });

  it('names the other guest clusters in the host namespace when --cluster-name is missing', async() => {
    setArgs(['--cloud-config=/etc/kubernetes/cloud-config']);
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id, 'zh-hans');

    expect(text(wrapper, 'overview-arg-clusterNameShared')).toContain('k3s-guest');
    expect(text(wrapper, 'overview-problems')).toContain('访客集群 k3s-guest 与其共用主机命名空间 default');
  });

  it('reads the App\'s chart values when the Deployment is not readable, and says so', async() => {
    storeObject(state, RKE2_GUEST.id, 'catalog.cattle.io.app', app({ global: { cattle: { clusterName: 'rke2-guest' } }, extraArgs: ['--controllers=*,-service-lb-controller'] }) as any);
    state.faults.push({
      match: {
        method: 'GET', cluster: RKE2_GUEST.id, type: 'apps.deployment', path: 'harvester-cloud-provider'
      },
      respond: 403,
      times:   5,
    });
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(wrapper, 'overview-provider-args')).toContain('From the chart values of the App kube-system/harvester-cloud-provider (the Deployment is not readable).');
    expect(text(wrapper, 'overview-provider-args')).toContain('--controllers: *,-service-lb-controller');
    expect(wrapper.find('[data-testid="overview-arg-lbControllerOff"]').exists()).toBe(true);
  });

  it('says the arguments could not be checked when neither is readable', async() => {
    state.faults.push({
      match: {
        method: 'GET', cluster: RKE2_GUEST.id, type: 'apps.deployment', path: 'harvester-cloud-provider'
      },
      respond: 403,
      times:   5,
    });
    const { wrapper } = await mountDemo(OverviewPage, RKE2_GUEST.id);

    expect(text(wrapper, 'overview-provider-args')).toContain('Neither its Deployment nor its App is readable');
  });
});

describe('the card', () => {
  it('flags the arguments from the Deployment it reads: still at most 3 requests, none to the host', async() => {
    setArgs(['--cloud-config=/etc/kubernetes/cloud-config', '--controllers=cloud-node-controller']);
    const before = state.requests.length;
    const { wrapper } = await mountDemo(OverviewCard, RKE2_GUEST.id);
    const mine = state.requests.slice(before).filter((r) => /harvester-cloud-provider|harvester-csi-driver|services|catalog\.cattle\.io\.app|virtualmachine/.test(`${ r.path }`));

    expect(wrapper.findAll('[data-testid="overview-card-attention"] li').map((li: any) => li.text())).toEqual([
      'The cloud provider\'s load balancer controller is off (--controllers=cloud-node-controller): every LoadBalancer Service stays Pending.',
      'The cloud provider has no unique --cluster-name ("kubernetes"): IP pools scoped to this cluster\'s name do not serve it.',
    ]);
    expect(mine.length).toBeLessThanOrEqual(3);
    expect(state.requests.slice(before).some((r) => r.path.includes(HARVESTER_HOST.id))).toBe(false);
  });
});
