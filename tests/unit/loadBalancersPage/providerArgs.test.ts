/**
 * R-ARGS rows (docs/harvester-rules.md): the cloud provider's arguments that leave load balancers Pending, as
 * cloud-provider-harvester `main.go` / `pkg/utils/config.go` and k8s.io/cloud-provider read them.
 */
import { checkProviderArgs, isControllerEnabled, parseProviderArgs, providerArgv } from '@pkg/loadBalancersPage/providerArgs';
import { otherGuestsUrl } from '@pkg/loadBalancersPage/loadProvider';

const chart = (...extra: string[]) => ['harvester-cloud-provider', '--cloud-config=/etc/kubernetes/cloud-config', '--cluster-name=rke2-guest', ...extra];
const ids = (argv: string[] | null, version: string | null = '0.2.7', sharing: { namespace: string; clusters: string[] } | null = null) => checkProviderArgs({
  argv, version, sharing
}).map((f) => f.id);

describe('reading the arguments (R-ARGS-1)', () => {
  it('reads --flag=value and --flag value; the last --cluster-name wins; --controllers splits on commas and appends', () => {
    expect(parseProviderArgs(['--cluster-name', 'a', '--cluster-name=b', '--controllers=x,y', '--controllers', 'z', '--management-network=default/mgmt'])).toEqual({
      clusterName: 'b', controllers: ['x', 'y', 'z'], managementNetwork: 'default/mgmt'
    });
    expect(parseProviderArgs(['--cloud-config=/x'])).toEqual({
      clusterName: null, controllers: null, managementNetwork: null
    });
  });

  it('takes command and args of every container; no containers: not readable', () => {
    expect(providerArgv({ spec: { template: { spec: { containers: [{ command: ['p'], args: ['--a'] }] } } } })).toEqual(['p', '--a']);
    expect(providerArgv(null)).toBeNull();
    expect(ids(null)).toEqual([]);
  });
});

describe('the load balancer controller (R-ARGS-2, R-ARGS-3)', () => {
  it('runs when listed, not when listed as -name, else only with *', () => {
    expect(isControllerEnabled('service-lb-controller', ['*'])).toBe(true);
    expect(isControllerEnabled('service-lb-controller', ['*', '-service-lb-controller'])).toBe(false);
    expect(isControllerEnabled('service-lb-controller', ['cloud-node-controller'])).toBe(false);
    expect(isControllerEnabled('service-lb-controller', ['-service-lb-controller', 'service-lb-controller'])).toBe(false);
  });

  it('flags the chart\'s own example that switches load balancers off, and nothing for the defaults', () => {
    expect(ids(chart())).toEqual([]);
    expect(ids(chart('--controllers=cloud-node-controller,cloud-node-lifecycle-controller,node-route-controller'))).toEqual(['lbControllerOff']);
    expect(ids(chart('--controllers=*,-service-lb-controller'))).toEqual(['lbControllerOff']);
  });

  it('from v0.2.5 an old name (no aliases registered) stops the provider; up to v0.2.4 the old names are the names', () => {
    expect(checkProviderArgs({ argv: chart('--controllers=*,-service'), version: '0.2.7' })).toEqual([
      { id: 'unknownController', args: { name: 'service', known: 'cloud-node-controller, cloud-node-lifecycle-controller, service-lb-controller, node-route-controller' } },
    ]);
    expect(ids(chart('--controllers=*,-service'), '0.2.4')).toEqual(['lbControllerOff']);
    expect(ids(chart('--controllers=service-lb-controller'), '0.2.4')).toEqual(['unknownController']);
    // Unknown version: either name is accepted, and either switches the controller off.
    expect(ids(chart('--controllers=*,-service'), null)).toEqual(['lbControllerOff']);
    expect(ids(chart('--controllers=cloud-node'), null)).toEqual(['lbControllerOff']);
  });

  it('v0.2.8 (chart 0.2.15) reads them as v0.2.7 (R-ARGS-6)', () => {
    expect(ids(chart('--controllers=*,-service'), '0.2.8')).toEqual(['unknownController']);
    expect(ids(chart('--controllers=cloud-node-controller'), '0.2.8')).toEqual(['lbControllerOff']);
  });
});

describe('the cluster name (R-ARGS-4, R-ARGS-5)', () => {
  const bare = ['harvester-cloud-provider', '--cloud-config=/etc/kubernetes/cloud-config'];

  it('flags an absent (kubernetes) or empty name; a unique one is fine', () => {
    expect(checkProviderArgs({ argv: bare, version: '0.2.7' })).toEqual([{ id: 'clusterNameDefault', args: { name: 'kubernetes' } }]);
    expect(ids([...bare, '--cluster-name='])).toEqual(['clusterNameDefault']);
    expect(ids([...bare, '--cluster-name=kubernetes'])).toEqual(['clusterNameDefault']);
    expect(ids([...bare, '--cluster-name=k3s-guest'])).toEqual([]);
  });

  it('names the other guest clusters in the same host namespace when there are some', () => {
    expect(checkProviderArgs({
      argv: bare, version: '0.2.7', sharing: { namespace: 'default', clusters: ['k3s-guest', 'other'] }
    })).toEqual([
      {
        id:   'clusterNameShared',
        args: {
          name: 'kubernetes', clusters: 'k3s-guest, other', namespace: 'default'
        }
      },
    ]);
    expect(ids(bare, '0.2.7', { namespace: 'default', clusters: [] })).toEqual(['clusterNameDefault']);
  });

  it('asks the host for at most 50 VMs of other guest clusters in the namespace, by indexed label filters', () => {
    const url = new URL(otherGuestsUrl('c-hh001', 'default', 'rke2-guest'), 'https://x');

    expect(url.pathname).toBe('/k8s/clusters/c-hh001/v1/kubevirt.io.virtualmachine/default');
    expect(url.searchParams.getAll('filter')).toEqual(['metadata.labels[guestcluster.harvesterhci.io/name]', 'metadata.labels[guestcluster.harvesterhci.io/name]!=rke2-guest']);
    expect([url.searchParams.get('pagesize'), url.searchParams.getAll('include')]).toEqual(['50', ['metadata.labels']]);
  });
});
