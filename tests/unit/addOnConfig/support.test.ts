import { healthCheckSupport, sharingSupported, nadMappingChecked, networkSupported } from '@pkg/addOnConfig/providerSupport';
import { crc32, loadBalancerName, clusterNameFromWorkload } from '@pkg/addOnConfig/hostLbName';
import { parseNadMapping } from '@pkg/addOnConfig/nadMapping';
import { describeHostLb, hostLbFilter } from '@pkg/addOnConfig/hostLoadBalancer';
import { eventsUrl } from '@pkg/addOnConfig/lbStatus';
import { serviceEventsUrl } from '@pkg/overview/loadOverview';
import { upstreamChartVersion, versionFromWorkload } from '@pkg/environment/installedVersions';
import { appVersionOfChart } from '@pkg/environment/chartVersions';

describe('provider version', () => {
  it('knows v0.1.x enforces health checks and v0.2.0+ ignores them', () => {
    expect(healthCheckSupport('0.1.5')).toBe('enforced');
    expect(healthCheckSupport('0.2.0')).toBe('ignored');
    expect(healthCheckSupport('0.10.1')).toBe('ignored');
    expect(healthCheckSupport(null)).toBe('unknown');
    expect(sharingSupported('0.1.5')).toBe(false);
    expect(sharingSupported(null)).toBeNull();
  });

  // R-VER-1: the image tag is what runs; then the chart label (chart 0.2.13 runs v0.2.6 although its appVersion,
  // the app.kubernetes.io/version label, says v0.2.7); the label last.
  it('reads the running version from the image tag, else the chart label, else app.kubernetes.io/version', () => {
    const byChart = { metadata: { name: 'p', labels: { 'app.kubernetes.io/version': 'v0.2.7', 'helm.sh/chart': 'harvester-cloud-provider-0.2.1300' } } };
    const byLabel = { metadata: { name: 'p', labels: { 'app.kubernetes.io/version': 'v0.2.7' } } };
    const byImage = { metadata: { name: 'p' }, spec: { template: { spec: { containers: [{ image: 'rancher/harvester-cloud-provider:v0.1.5' }] } } } };
    const unknown = { metadata: { name: 'p' }, spec: { template: { spec: { containers: [{ image: 'rancher/harvester-cloud-provider:latest' }] } } } };

    expect(versionFromWorkload(byChart, 'cloudProvider')).toBe('0.2.6');
    expect(versionFromWorkload(byLabel, 'cloudProvider')).toBe('0.2.7');
    expect(versionFromWorkload(byImage, 'cloudProvider')).toBe('0.1.5');
    expect(versionFromWorkload(unknown, 'cloudProvider')).toBeNull();
  });

  // R-VER-2: chart versions as RKE2 (rancher/rke2-charts package.yaml) and Rancher (`+up`) publish them.
  it.each([
    ['harvester-cloud-provider-0.2.300', 'cloudProvider', '0.2.3', '0.2.0'],
    ['harvester-cloud-provider-0.2.0', 'cloudProvider', '0.2.0', '0.1.5'],
    ['harvester-cloud-provider-0.2.1300', 'cloudProvider', '0.2.13', '0.2.6'],
    ['harvester-cloud-provider-0.2.1400', 'cloudProvider', '0.2.14', '0.2.7'],
    ['harvester-csi-driver-0.1.17', 'csiDriver', '0.1.17', '0.1.5'],
    ['harvester-cloud-provider-104.0.2_up0.1.14', 'cloudProvider', '0.1.14', '0.1.5'],
    ['harvester-csi-driver-105.0.4_up0.1.25', 'csiDriver', '0.1.25', '0.2.4'],
    ['harvester-csi-driver-0.1.15', 'csiDriver', '0.1.15', '0.1.4'],
    ['harvester-csi-driver-0.1.14', 'csiDriver', '0.1.14', '0.1.3'],
  ])('maps chart label %s to upstream chart %s and app %s', (label, component, chart, app) => {
    const c = component as 'cloudProvider' | 'csiDriver';
    const name = c === 'csiDriver' ? 'harvester-csi-driver' : 'harvester-cloud-provider';

    expect(upstreamChartVersion(label, name)).toBe(chart);
    expect(appVersionOfChart(c, chart)).toBe(app);
    expect(versionFromWorkload({ metadata: { name: 'x', labels: { 'helm.sh/chart': label } } }, c)).toBe(app);
  });

  // R-VER-3: the gates take app versions (NAD mapping from provider v0.2.7).
  it('gates the NAD mapping at provider v0.2.7 and the network at v0.2.0', () => {
    expect(nadMappingChecked('0.2.6')).toBe(false);
    expect(nadMappingChecked('0.2.7')).toBe(true);
    expect(nadMappingChecked(null)).toBe(true);
    expect(networkSupported('0.1.5')).toBe(false);
    expect(networkSupported('0.2.0')).toBe(true);
  });
});

describe('harvester-nad-mapping', () => {
  it('lists networks with their interface', () => {
    const cm = { metadata: { name: 'harvester-nad-mapping' }, data: { 'interface-nad-mapping': '{"default/vlan200":"enp2s0","default/vlan100":"enp1s0"}' } };

    expect(parseNadMapping(cm)).toEqual({
      problem: null,
      options: [{ value: 'default/vlan100', label: 'default/vlan100 (enp1s0)' }, { value: 'default/vlan200', label: 'default/vlan200 (enp2s0)' }]
    });
  });

  // R-NET-3: `GetNADInterfaceMapping`: JSON null is a nil map (treated as absent); "" / {} map nothing.
  it('tells an absent mapping from an empty one', () => {
    expect(parseNadMapping({ metadata: { name: 'm' }, data: { 'interface-nad-mapping': 'null' } }).problem).toBe('missing');
    expect(parseNadMapping({ metadata: { name: 'm' }, data: { 'interface-nad-mapping': '' } }).problem).toBe('empty');
    expect(parseNadMapping({ metadata: { name: 'm' }, data: { 'interface-nad-mapping': '{}' } }).problem).toBe('empty');
  });

  it.each(['{not json', '[]', '"x"', '{"a":1}'])('reports %p as malformed', (raw) => {
    expect(parseNadMapping({ metadata: { name: 'm' }, data: { 'interface-nad-mapping': raw } }).problem).toBe('malformed');
  });

  it('reports a missing ConfigMap', () => {
    expect(parseNadMapping(null).problem).toBe('missing');
  });
});

describe('Harvester LoadBalancer status', () => {
  it('filters by the cluster label the provider sets, or by the Service labels when the cluster name is unknown (Steve label filters, not labelSelector)', () => {
    expect(hostLbFilter('rke2-guest', 'default', 'web')).toEqual(['metadata.labels[cloudprovider.harvesterhci.io/cluster]=rke2-guest']);
    expect(hostLbFilter(null, 'default', 'web')).toEqual(['metadata.labels[cloudprovider.harvesterhci.io/serviceNamespace]=default', 'metadata.labels[cloudprovider.harvesterhci.io/serviceName]=web']);
  });

  // R-LB-1: cloud-provider-harvester `loadBalancerName`: Go's crc32.ChecksumIEEE, 8 hex digits, 55-char base.
  it('names the host load balancer as the provider does', () => {
    expect(crc32('123456789')).toBe(0xCBF43926);
    const base = 'rke2-guest-default-web-';

    expect(loadBalancerName('rke2-guest', 'default', 'web', 'uid-1')).toBe(base + crc32(`${ base }uid-1`).toString(16).padStart(8, '0'));
    expect(loadBalancerName('1cluster', 'default', 'web', 'u').startsWith('a1cluster-default-web-')).toBe(true);
    expect(loadBalancerName('', 'ns', 'n', 'u').startsWith('a-ns-n-')).toBe(true);
    expect(loadBalancerName('c', 'n'.repeat(40), 'x'.repeat(40), 'u')).toHaveLength(63);
  });

  // R-LB-2: `--cluster-name`, default `kubernetes` (pkg/utils/consts.go DefaultGuestClusterName).
  it('reads the provider cluster name from its args', () => {
    const wl = (args?: string[]) => ({ metadata: { name: 'p' }, spec: { template: { spec: { containers: [{ args }] } } } });

    expect(clusterNameFromWorkload(wl(['--cluster-name=rke2-guest']))).toBe('rke2-guest');
    expect(clusterNameFromWorkload(wl(['--cluster-name=']))).toBe('');
    expect(clusterNameFromWorkload(wl([]))).toBe('kubernetes');
    expect(clusterNameFromWorkload(null)).toBeNull();
  });

  it('reads its Ready condition and allocated address', () => {
    const lb = {
      metadata: { name: 'rke2-guest-default-web-dhcp-1', namespace: 'default' },
      spec:     { ipam: 'dhcp' },
      status:   {
        allocatedAddress: { ip: '0.0.0.0' },
        conditions:       [{
          type: 'Ready', status: 'False', message: 'no matched IPPool with requirement &{Network:default/vlan100 Project: Namespace:default Cluster:rke2-guest}'
        }]
      },
    };

    expect(describeHostLb(lb)).toMatchObject({
      name: 'rke2-guest-default-web-dhcp-1', address: null, allocatedIp: null, ready: false, messages: ['no matched IPPool with requirement &{Network:default/vlan100 Project: Namespace:default Cluster:rke2-guest}']
    });
  });
});

describe('what the detail page and the overview ask Steve for events', () => {
  const store: any = { getters: { 'cluster/urlFor': () => '/k8s/clusters/c-1/v1/events?exclude=metadata.managedFields' } };

  it('filters by indexed fields (kind and the Service\'s uid), never by fieldSelector, which Steve\'s SQL cache ignores', () => {
    const url = new URL(eventsUrl(store, {
      metadata: {
        name: 'web', namespace: 'apps', uid: 'u-1'
      }
    } as any), 'http://x');

    expect(url.pathname).toBe('/k8s/clusters/c-1/v1/events/apps');
    expect(url.searchParams.getAll('filter')).toEqual(['involvedObject.kind=Service', 'involvedObject.uid=u-1']);
    expect(url.searchParams.get('fieldSelector')).toBeNull();
    expect(url.searchParams.get('exclude')).toBe('metadata.managedFields');
    const overview = new URL(serviceEventsUrl(store), 'http://x');

    expect(overview.searchParams.getAll('filter')).toEqual(['involvedObject.kind=Service']);
    expect(overview.searchParams.get('fieldSelector')).toBeNull();
  });
});
