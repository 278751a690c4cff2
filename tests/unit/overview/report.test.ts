import { CAPABILITIES, capabilityState } from '@pkg/overview/capabilities';
import { buildOverview, OverviewInput } from '@pkg/overview/report';
import { parseNadMapping } from '@pkg/addOnConfig/nadMapping';

const cap = (key: string) => CAPABILITIES.find((c) => c.key === key)!;
const workload = (image: string) => ({ metadata: { name: 'w', labels: {} }, spec: { template: { spec: { containers: [{ image }] } } } });
const ok = <T>(value: T) => ({ readable: true, value });
const lb = (name: string, ip?: string, annotations: Record<string, string> = {}) => ({
  metadata: {
    name, namespace: 'default', uid: `uid-${ name }`, annotations
  },
  spec:   { type: 'LoadBalancer', ports: [{ port: 80 }] },
  status: { loadBalancer: { ingress: ip ? [{ ip }] : [] } },
});

function input(over: Partial<OverviewInput> = {}): OverviewInput {
  return {
    workloads: {
      cloudProvider: ok(workload('rancher/harvester-cloud-provider:v0.2.7')),
      csiDriver:     ok(workload('rancher/harvester-csi-driver:v0.2.4')),
    },
    nadMapping:    ok(parseNadMapping({ metadata: { name: 'm' }, data: { 'interface-nad-mapping': '{"default/vlan1":"eth1"}' } })),
    services:      ok([lb('a', '10.0.0.1')]),
    serviceEvents: ok([]),
    rbac:          {
      state: 'bound', account: { name: 'g', namespace: 'default' }, why: null
    },
    providerArgs: {
      from: 'deployment', parsed: null, flags: []
    },
    cloudConfig: null,
    placement:   null,
    ...over,
  };
}

describe('capabilities by installed version (docs/harvester-rules.md, the forms\' thresholds)', () => {
  it('a capability added in a version is supported from it, unknown without a version, absent when not installed', () => {
    expect(capabilityState(cap('sharing'), true, '0.1.9')).toBe('unsupported');
    expect(capabilityState(cap('sharing'), true, '0.2.0')).toBe('supported');
    expect(capabilityState(cap('sharing'), true, null)).toBe('unknown');
    expect(capabilityState(cap('sharing'), false, null)).toBe('notInstalled');
    expect(capabilityState(cap('hostVolumeMode'), true, '0.2.3')).toBe('unsupported');
  });

  it('health-check annotations are honoured only before v0.2.0 (extractHealthCheck removed)', () => {
    expect(capabilityState(cap('healthChecks'), true, '0.1.5')).toBe('supported');
    expect(capabilityState(cap('healthChecks'), true, '0.2.0')).toBe('unsupported');
  });
});

describe('buildOverview', () => {
  it('reports nothing to do for a complete, healthy integration', () => {
    expect(buildOverview(input()).problems).toEqual([]);
  });

  it('tells "not installed" (404) from "not readable" (403) and lists both as problems', () => {
    const report = buildOverview(input({ workloads: { cloudProvider: { readable: false, value: null }, csiDriver: ok(null) } }));

    expect(report.components.map((c) => c.installed)).toEqual([null, false]);
    expect(report.problems.map((p) => p.key)).toEqual(['cloudProviderUnreadable', 'csiDriverMissing']);
  });

  // Fault 2 of issue 37: the provider stopped; its Deployment says so, and nothing else does (no event is recorded).
  it('says a component that is installed but has nothing available is not running, and how many of how many', () => {
    const down = {
      ...workload('rancher/harvester-cloud-provider:v0.2.7'),
      spec:   { replicas: 1, template: { spec: { containers: [{ image: 'rancher/harvester-cloud-provider:v0.2.7' }] } } },
      status: {
        replicas:            1,
        unavailableReplicas: 1,
        conditions:          [{
          type: 'Available', status: 'False', message: 'Deployment does not have minimum availability.'
        }]
      },
    };
    const up = {
      ...down,
      status: {
        replicas:          1,
        availableReplicas: 1,
        conditions:        [{
          type: 'Available', status: 'True', message: 'Deployment has minimum availability.'
        }]
      }
    };
    const report = buildOverview(input({ workloads: { cloudProvider: ok(down), csiDriver: ok(workload('rancher/harvester-csi-driver:v0.2.4')) } }));

    expect(report.components[0].run).toEqual({
      running: false, available: 0, desired: 1, message: 'Deployment does not have minimum availability.'
    });
    expect(report.problems).toEqual([{ key: 'cloudProviderNotRunning', args: { available: 0, desired: 1 } }]);
    expect(buildOverview(input({ workloads: { cloudProvider: ok(up), csiDriver: ok(null) } })).problems.map((p) => p.key)).toEqual(['csiDriverMissing']);
    // No status read: not known, so not said.
    expect(buildOverview(input()).components[0].run).toBeNull();
  });

  it('an empty or malformed NAD mapping is a problem only for a provider that checks it (v0.2.7+)', () => {
    const empty = ok(parseNadMapping({ metadata: { name: 'm' }, data: { 'interface-nad-mapping': '{}' } }));

    expect(buildOverview(input({ nadMapping: empty })).problems.map((p) => p.key)).toEqual(['nadEmpty']);
    expect(buildOverview(input({
      nadMapping: empty,
      workloads:  { cloudProvider: ok(workload('rancher/harvester-cloud-provider:v0.2.6')), csiDriver: ok(workload('rancher/harvester-csi-driver:v0.2.4')) }
    })).problems).toEqual([]);
  });

  it('missing RBAC names the account; Pending load balancers carry the cause of their newest failure', () => {
    const event = {
      metadata:       { name: 'e1', namespace: 'default' },
      involvedObject: {
        kind: 'Service', name: 'b', namespace: 'default', uid: 'uid-b'
      },
      reason:        'SyncLoadBalancerFailed',
      type:          'Warning',
      message:       'Error syncing load balancer: failed to ensure load balancer: no matched IPPool with requirement &{Network: Project: Namespace:default Cluster:g}',
      lastTimestamp: '2026-11-23T10:00:00Z',
    };
    const report = buildOverview(input({
      rbac: {
        state: 'missing', account: { name: 'g', namespace: 'vms' }, why: null
      },
      services:      ok([lb('a', '10.0.0.1'), lb('b'), lb('c')]),
      serviceEvents: ok([event as any]),
    }));

    expect(report.problems).toEqual([{ key: 'rbacMissing', args: { name: 'g', namespace: 'vms' } }, { key: 'pending', args: { count: 2 } }]);
    expect(report.loadBalancers?.allocated).toEqual([{ ref: 'default/a', address: '10.0.0.1' }]);
    expect(report.loadBalancers?.pending.map((p) => [p.ref, p.cause])).toEqual([['default/b', 'noMatchingPool'], ['default/c', null]]);
  });

  it('unreadable Services give no load balancer figures rather than zero', () => {
    expect(buildOverview(input({ services: { readable: false, value: null } })).loadBalancers).toBeNull();
  });
});
