import { healthCheckSupport, sharingSupported } from '@pkg/loadbalancer/providerSupport';
import { parseNadMapping } from '@pkg/loadbalancer/nadMapping';
import { describeHostLb, hostLbSelector } from '@pkg/loadbalancer/hostLoadBalancer';
import { versionFromWorkload } from '@pkg/steve/installedVersions';

describe('provider version', () => {
  it('knows v0.1.x enforces health checks and v0.2.0+ ignores them', () => {
    expect(healthCheckSupport('0.1.5')).toBe('enforced');
    expect(healthCheckSupport('0.2.0')).toBe('ignored');
    expect(healthCheckSupport('0.10.1')).toBe('ignored');
    expect(healthCheckSupport(null)).toBe('unknown');
    expect(sharingSupported('0.1.5')).toBe(false);
    expect(sharingSupported(null)).toBeNull();
  });

  it('reads the version from the chart label, else from the image tag', () => {
    const byChart = { metadata: { name: 'p', labels: { 'helm.sh/chart': 'harvester-cloud-provider-0.2.4' } } };
    const byImage = { metadata: { name: 'p' }, spec: { template: { spec: { containers: [{ image: 'rancher/harvester-cloud-provider:v0.1.5' }] } } } };
    const unknown = { metadata: { name: 'p' }, spec: { template: { spec: { containers: [{ image: 'rancher/harvester-cloud-provider:latest' }] } } } };

    expect(versionFromWorkload(byChart, 'cloudProvider')).toBe('0.2.4');
    expect(versionFromWorkload(byImage, 'cloudProvider')).toBe('0.1.5');
    expect(versionFromWorkload(unknown, 'cloudProvider')).toBeNull();
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

  it.each(['{not json', '[]', '"x"', 'null'])('reports %p as malformed', (raw) => {
    expect(parseNadMapping({ metadata: { name: 'm' }, data: { 'interface-nad-mapping': raw } }).problem).toBe('malformed');
  });

  it('reports a missing ConfigMap', () => {
    expect(parseNadMapping(null).problem).toBe('missing');
  });
});

describe('Harvester LoadBalancer status', () => {
  it('selects by the labels the provider sets', () => {
    expect(hostLbSelector('rke2-guest', 'default', 'web')).toBe('cloudprovider.harvesterhci.io/cluster=rke2-guest,cloudprovider.harvesterhci.io/serviceNamespace=default,cloudprovider.harvesterhci.io/serviceName=web');
  });

  it('explains why it is pending', () => {
    const lb = {
      metadata: { name: 'rke2-guest-default-web-dhcp-1' },
      status:   {
        conditions: [{
          type: 'Ready', status: 'False', message: 'no matching IP pool with requirement {network: default/vlan100}'
        }]
      },
    };

    expect(describeHostLb(lb)).toEqual({
      name: 'rke2-guest-default-web-dhcp-1', address: null, ready: false, messages: ['no matching IP pool with requirement {network: default/vlan100}']
    });
  });
});
