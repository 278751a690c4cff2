import { ANNOTATIONS, readLbConfig, LbConfig } from '@pkg/addOnConfig/annotations';
import { splitErrors, validateLbConfig } from '@pkg/addOnConfig/validation';
import { parseNadMapping } from '@pkg/addOnConfig/nadMapping';
import { overlappingPorts, primaryCandidates } from '@pkg/addOnConfig/servicePorts';

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

  // R-SH-2: provider `getPrimaryService` ("is not a primary service"), `ensureSecondaryLoadBalancer` ("has no ingress IP").
  it('refuses a primary that is a secondary or has no address', () => {
    const me = svc('new', { ports: [{ port: 9000 }] });

    ['default/web-shared', 'default/web-dhcp', 'default/api'].forEach((p) => {
      expect(validateLbConfig({
        ...base(), sharing: true, primaryService: p
      }, { service: me, services }).primaryService?.key).toBe('primaryInvalid');
    });
  });

  // R-SH-4: cloud-provider-harvester v0.2.x `checkPortOverlap`.
  it('refuses ports used by the primary or its other secondaries, naming them', () => {
    const me = svc('new', { ports: [{ port: 443 }, { port: 8080 }, { port: 9000 }] });
    const err = validateLbConfig({
      ...base(), sharing: true, primaryService: 'default/web-pool'
    }, { service: me, services }).primaryService;

    expect(err).toEqual({ key: 'portOverlap', args: { ports: '443 (default/web-pool), 8080 (default/web-shared)' } });
  });

  it('lets a secondary keep its own ports on edit', () => {
    expect(overlappingPorts([{ port: 8080 }], services, 'default/web-pool', 'default/web-shared')).toEqual([]);
  });

  // R-SH-4: `checkPortOverlap` compares port numbers only, whatever the protocol.
  it('counts the same port on another protocol as overlapping', () => {
    expect(overlappingPorts([{ port: 80, protocol: 'UDP' }], services, 'default/web-pool', 'default/new')).toEqual([{ port: '80', owner: 'default/web-pool' }]);
  });

  // R-SH-1: `getPrimaryService` refuses an empty value ("invalid service name") and anything not ns/name.
  it('flags an empty or malformed primary-service', () => {
    const me = svc('new', { ports: [{ port: 9000 }] });

    expect(validateLbConfig({ ...readLbConfig({ [ANNOTATIONS.primaryService]: '' }) }, { service: me, services }).primaryService).toEqual({ key: 'primaryRequired' });
    expect(validateLbConfig({
      ...base(), sharing: true, primaryService: 'web-pool'
    }, {
      service: me, services, servicesKnown: false
    }).primaryService?.key).toBe('primaryFormat');
  });
});

describe('health check', () => {
  const me = svc('new', { ports: [{ port: 80 }, { port: 53, protocol: 'UDP' }] });

  it('requires a port when on', () => {
    expect(validateLbConfig(healthCheck({ port: '' }), { service: me, services }).healthCheckPort).toEqual({ key: 'portRequired' });
  });

  // R-HC-1: provider v0.1.5 `getNodePort`; TCP only is this form's (the probe is TCP).
  it('accepts only one of the Service TCP ports ("nodeport not found" otherwise)', () => {
    expect(validateLbConfig(healthCheck({ port: '53' }), { service: me, services }).healthCheckPort).toEqual({ key: 'portNotInService', args: { ports: '80' } });
    expect(validateLbConfig(healthCheck({ port: '80' }), { service: me, services })).toEqual({});
  });

  // R-HC-4: provider v0.1.2–v0.1.5 `getNodePort` needs the port's NodePort; v0.1.0/v0.1.1 and v0.2.0+ do not.
  it('R-HC-4: blocks a health check on a Service without node ports for providers that fail with "nodeport not found"', () => {
    const noNodePorts = { ...me, spec: { ...me.spec, allocateLoadBalancerNodePorts: false } };
    const check = (providerVersion: string | null, service: typeof me = noNodePorts) => validateLbConfig(healthCheck({ port: '80' }), {
      service, services, providerVersion
    }).healthCheckPort;

    expect(check('0.1.5')).toEqual({ key: 'noNodePorts', args: { version: '0.1.5' } });
    expect(check('0.1.2')).toEqual({ key: 'noNodePorts', args: { version: '0.1.2' } });
    expect(check(null)).toEqual({ key: 'noNodePorts', args: { version: '' } });
    expect(check('0.1.1')).toBeUndefined();
    expect(check('0.2.7')).toBeUndefined();
    expect(check('0.1.5', me)).toBeUndefined();
  });

  // R-HC-2: v0.1.5 `getAnnotationValue` reads thresholds with strconv.Atoi; 1 or more is this form's floor.
  it.each([
    ['0', { key: 'atLeast', args: { min: 1 } }], ['-1', { key: 'atLeast', args: { min: 1 } }], ['1.5', { key: 'wholeNumber' }],
    ['abc', { key: 'wholeNumber' }], [' 5', { key: 'blanks' }], ['', { key: 'required' }],
    ['99999999999999999999', { key: 'outOfRange' }],
  ])('rejects %p as a threshold', (v, expected) => {
    const errors = validateLbConfig(healthCheck({
      port: '80', successThreshold: v as string, timeoutSeconds: v as string
    }), { service: me, services });

    expect(errors.successThreshold).toEqual(expected);
    expect(errors.timeoutSeconds).toEqual(expected);
  });

  // R-HC-2: Atoi accepts a sign; the value is kept exactly as typed.
  it('accepts what Atoi reads, such as "+5"', () => {
    expect(validateLbConfig(healthCheck({ port: '80', periodSeconds: '+5' }), { service: me, services })).toEqual({});
  });

  // R-HC-1: v0.1.5 `getNodePort` parses the port with Atoi too: blanks and huge numbers are refused.
  it.each([[' 80', 'blanks'], ['99999999999999999999', 'outOfRange']])('rejects the port %p', (port, key) => {
    expect(validateLbConfig(healthCheck({ port }), { service: me, services }).healthCheckPort?.key).toBe(key);
  });

  // R-HC-2: no such rule in provider v0.1.5 nor in load-balancer-harvester's webhook.
  it('has no rule tying the timeout to the period (neither the provider nor the webhook has one)', () => {
    expect(validateLbConfig(healthCheck({
      port: '80', timeoutSeconds: '30', periodSeconds: '5'
    }), { service: me, services })).toEqual({});
  });

  it('checks nothing when off', () => {
    expect(validateLbConfig({ ...base(), healthCheck: { ...base().healthCheck, port: 'x' } }, { service: me, services })).toEqual({});
  });
});

describe('network and NAD mapping', () => {
  const me = svc('new');
  const mapping = (data?: string) => parseNadMapping(data === undefined ? { metadata: { name: 'm' } } : { metadata: { name: 'm' }, data: { 'interface-nad-mapping': data } });

  // R-NET-3: cloud-provider-harvester v0.2.7 `resolveNetworkInterface`.
  it('refuses every network when the mapping is present but empty, and one not in the mapping', () => {
    const cfg = {
      ...base(), ipam: 'dhcp' as const, network: 'default/vlan100'
    };

    expect(validateLbConfig(cfg, {
      service: me, services, nadMapping: mapping('')
    }).network?.key).toBe('networkNoCommonMapping');
    expect(validateLbConfig(cfg, {
      service: me, services, nadMapping: mapping()
    }).network?.key).toBe('networkNoCommonMapping');
    expect(validateLbConfig(cfg, {
      service: me, services, nadMapping: mapping('{"default/vlan200":"enp2s0"}')
    }).network?.key).toBe('networkNotInMapping');
    expect(validateLbConfig(cfg, {
      service: me, services, nadMapping: mapping('{"default/vlan100":"enp1s0"}')
    })).toEqual({});
    expect(validateLbConfig(cfg, {
      service: me, services, nadMapping: parseNadMapping(null)
    })).toEqual({});
  });

  // R-NET-3: before v0.2.7 the provider never reads the mapping.
  it('does not hold a v0.2.4 provider to the mapping', () => {
    const cfg = {
      ...base(), ipam: 'dhcp' as const, network: 'default/vlan100'
    };

    expect(validateLbConfig(cfg, {
      service: me, services, nadMapping: mapping(''), providerVersion: '0.2.4'
    })).toEqual({});
  });

  // R-NET-1: v0.1.x has no network annotation.
  it('says a v0.1.x provider ignores the network', () => {
    expect(validateLbConfig({ ...base(), network: 'default/vlan100' }, {
      service: me, services, providerVersion: '0.1.5'
    }).network?.key).toBe('networkIgnored');
  });

  // R-IPAM-1: anything but the exact "dhcp" is pool to the provider and load-balancer-harvester.
  it('flags an IPAM value Harvester\'s LoadBalancer refuses (R-IPAM-1)', () => {
    const cfg = readLbConfig({ [ANNOTATIONS.ipam]: 'DHCP' });

    expect(cfg.ipam).toBe('pool');
    expect(validateLbConfig(cfg, { service: me, services }).ipam).toEqual({ key: 'ipamUnreadable', args: { value: 'DHCP' } });
  });
});

describe('which problems block Save', () => {
  const me = svc('new', { ports: [{ port: 80 }] });

  // R-HC-3: v0.2.0+ never reads the health-check keys; stale ones must not block anything else.
  it('never blocks on health-check problems when the provider ignores them, nor on values already saved', () => {
    const original = readLbConfig({ [ANNOTATIONS.healthCheckPort]: '8080' });
    const errors = validateLbConfig(original, { service: me, services });

    expect(errors.healthCheckPort?.key).toBe('portNotInService');
    expect(splitErrors(errors, {
      initial: original, current: original, isCreate: true, providerVersion: '0.2.7'
    }).blocking).toEqual({});
    expect(splitErrors(errors, {
      initial: original, current: original, isCreate: false, providerVersion: '0.1.5'
    }).blocking).toEqual({});
    expect(splitErrors(errors, {
      initial: original, current: original, isCreate: true, providerVersion: '0.1.5'
    }).blocking).toEqual(errors);
  });

  // Team rule: bad input the user typed is never sent, whatever the provider does with it.
  it('blocks what the user typed wrong, even for a provider that ignores health checks', () => {
    const original = readLbConfig({});
    const typed = {
      ...original,
      healthCheck: {
        ...original.healthCheck, enabled: true, port: 'x'
      }
    };

    expect(splitErrors(validateLbConfig(typed, { service: me, services }), {
      initial: original, current: typed, isCreate: false, providerVersion: '0.2.7'
    }).blocking.healthCheckPort?.key).toBe('wholeNumber');
  });
});

describe('DHCP network', () => {
  // R-NET-5: stricter than the provider, which takes any string.
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
