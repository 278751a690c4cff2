import { ANNOTATIONS, readLbConfig, LbConfig } from '@pkg/loadbalancer/annotations';
import { validateLbConfig } from '@pkg/loadbalancer/validation';
import { overlappingPorts, primaryCandidates } from '@pkg/loadbalancer/services';

const svc = (name: string, opts: { ports?: { port: number; protocol?: string }[]; annotations?: Record<string, string>; ip?: string; type?: string } = {}) => ({
  metadata: {
    name, namespace: 'default', annotations: opts.annotations || {}
  },
  spec:   { type: opts.type || 'LoadBalancer', ports: opts.ports || [] },
  status: { loadBalancer: { ingress: opts.ip ? [{ ip: opts.ip }] : [] } },
});

const primary = svc('web-pool', { ports: [{ port: 80 }, { port: 443 }], ip: '192.168.100.50' });
const secondary = svc('web-shared', {
  ports: [{ port: 8080 }], ip: '192.168.100.50', annotations: { [ANNOTATIONS.primaryService]: 'default/web-pool' }
});
const pending = svc('web-dhcp', { ports: [{ port: 80 }] });
const clusterIp = svc('api', {
  ports: [{ port: 80 }], type: 'ClusterIP', ip: '10.0.0.1'
});
const services = [primary, secondary, pending, clusterIp];

const base = (): LbConfig => readLbConfig({});
const healthCheck = (hc: Partial<LbConfig['healthCheck']>): LbConfig => ({
  ...base(),
  healthCheck: {
    ...base().healthCheck, enabled: true, ...hc
  }
});

describe('sharing an IP', () => {
  it('offers only LoadBalancers that have an address and are not secondaries themselves', () => {
    expect(primaryCandidates(services).map((s) => s.metadata.name)).toEqual(['web-pool']);
    expect(primaryCandidates(services, 'default/web-pool')).toEqual([]);
  });

  it('requires a primary', () => {
    const me = svc('new', { ports: [{ port: 9000 }] });

    expect(validateLbConfig({ ...base(), sharing: true }, { service: me, services }).primaryService).toEqual({ key: 'primaryRequired' });
  });

  it('refuses a primary that is a secondary or has no address', () => {
    const me = svc('new', { ports: [{ port: 9000 }] });

    ['default/web-shared', 'default/web-dhcp', 'default/api'].forEach((p) => {
      expect(validateLbConfig({
        ...base(), sharing: true, primaryService: p
      }, { service: me, services }).primaryService?.key).toBe('primaryInvalid');
    });
  });

  it('refuses ports used by the primary or its other secondaries, naming them', () => {
    const me = svc('new', { ports: [{ port: 443 }, { port: 8080 }, { port: 9000 }] });
    const err = validateLbConfig({
      ...base(), sharing: true, primaryService: 'default/web-pool'
    }, { service: me, services }).primaryService;

    expect(err).toEqual({ key: 'portOverlap', args: { ports: 'TCP/443 (default/web-pool), TCP/8080 (default/web-shared)' } });
  });

  it('lets a secondary keep its own ports on edit', () => {
    expect(overlappingPorts([{ port: 8080 }], services, 'default/web-pool', 'default/web-shared')).toEqual([]);
  });

  it('does not count the same port on another protocol as overlapping', () => {
    expect(overlappingPorts([{ port: 80, protocol: 'UDP' }], services, 'default/web-pool', 'default/new')).toEqual([]);
  });
});

describe('health check', () => {
  const me = svc('new', { ports: [{ port: 80 }, { port: 53, protocol: 'UDP' }] });

  it('requires a port when on', () => {
    expect(validateLbConfig(healthCheck({ port: '' }), { service: me, services }).healthCheckPort).toEqual({ key: 'portRequired' });
  });

  it('accepts only one of the Service TCP ports ("nodeport not found" otherwise)', () => {
    expect(validateLbConfig(healthCheck({ port: '53' }), { service: me, services }).healthCheckPort).toEqual({ key: 'portNotInService', args: { ports: '80' } });
    expect(validateLbConfig(healthCheck({ port: '80' }), { service: me, services })).toEqual({});
  });

  it.each(['0', '-1', '1.5', 'abc', ' ', ''])('rejects %p as a threshold', (v) => {
    const errors = validateLbConfig(healthCheck({
      port: '80', successThreshold: v, timeoutSeconds: v
    }), { service: me, services });

    expect(errors.successThreshold).toEqual({ key: 'wholeNumber' });
    expect(errors.timeoutSeconds).toEqual({ key: 'wholeNumber' });
  });

  it('has no rule tying the timeout to the period (neither the provider nor the webhook has one)', () => {
    expect(validateLbConfig(healthCheck({
      port: '80', timeoutSeconds: '30', periodSeconds: '5'
    }), { service: me, services })).toEqual({});
  });

  it('checks nothing when off', () => {
    expect(validateLbConfig({ ...base(), healthCheck: { ...base().healthCheck, port: 'x' } }, { service: me, services })).toEqual({});
  });
});

describe('DHCP network', () => {
  it('must be namespace/name', () => {
    const me = svc('new');

    expect(validateLbConfig({
      ...base(), ipam: 'dhcp', network: 'vlan100'
    }, { service: me, services }).network).toEqual({ key: 'networkFormat' });
    expect(validateLbConfig({
      ...base(), ipam: 'dhcp', network: 'default/vlan100'
    }, { service: me, services })).toEqual({});
  });
});
