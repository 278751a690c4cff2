import fc from 'fast-check';
import { ANNOTATIONS, LbConfig, readLbConfig } from '@pkg/addOnConfig/annotations';
import { applyLbEdit, isLbAnnotation, writeLbConfig } from '@pkg/addOnConfig/annotationWrites';

const withHealthCheck = (cfg: LbConfig, hc: Partial<LbConfig['healthCheck']>): LbConfig => ({ ...cfg, healthCheck: { ...cfg.healthCheck, ...hc } });

describe('readLbConfig', () => {
  // R-IPAM-0: provider `constructLB` (v0.2.x), `getLBSpec` (v0.1.5).
  it('treats a Service without the IPAM annotation as pool, the provider default', () => {
    expect(readLbConfig({}).ipam).toBe('pool');
    expect(readLbConfig({ [ANNOTATIONS.ipam]: 'dhcp' }).ipam).toBe('dhcp');
  });

  // R-HC-2: provider v0.1.5 `defaultValue`: 1, 3, 5, 3.
  it('shows the provider defaults for thresholds it was not given', () => {
    const cfg = readLbConfig({ [ANNOTATIONS.healthCheckPort]: '80' });

    expect(cfg.healthCheck).toEqual({
      enabled: true, port: '80', successThreshold: '1', failureThreshold: '3', periodSeconds: '5', timeoutSeconds: '3'
    });
  });

  it('recognises a secondary by its primary-service annotation', () => {
    const cfg = readLbConfig({ [ANNOTATIONS.primaryService]: 'default/web-pool' });

    expect(cfg).toMatchObject({ sharing: true, primaryService: 'default/web-pool' });
  });
});

describe('writeLbConfig', () => {
  it('writes nothing for an untouched Service', () => {
    const original = { 'example.com/owner': 'team-a', [ANNOTATIONS.network]: 'default/vlan100' };

    expect(writeLbConfig(original, readLbConfig(original))).toEqual(original);
  });

  it('writes the IPAM only once the user chooses one', () => {
    const cfg = readLbConfig({});

    expect(writeLbConfig({}, {
      ...cfg, ipam: 'dhcp', network: 'default/vlan200'
    })).toEqual({ [ANNOTATIONS.ipam]: 'dhcp', [ANNOTATIONS.network]: 'default/vlan200' });
    expect(writeLbConfig({}, { ...cfg, ipam: 'pool' })).toEqual({});
  });

  // R-NET-2: the network picks kube-vip's interface whatever the IPAM (provider v0.2.7 `resolveNetworkInterface`), so it is kept.
  it('keeps the network when going from DHCP to pool', () => {
    const original = { [ANNOTATIONS.ipam]: 'dhcp', [ANNOTATIONS.network]: 'default/vlan100' };

    expect(writeLbConfig(original, { ...readLbConfig(original), ipam: 'pool' })).toEqual({ [ANNOTATIONS.ipam]: 'pool', [ANNOTATIONS.network]: 'default/vlan100' });
  });

  // R-HC-0: v0.1.5 `extractHealthCheck` returns nil without the port annotation.
  it('treats the health check as on only with the port annotation', () => {
    expect(readLbConfig({ [ANNOTATIONS.periodSeconds]: '7' }).healthCheck.enabled).toBe(false);
    expect(readLbConfig({ [ANNOTATIONS.healthCheckPort]: '80' }).healthCheck.enabled).toBe(true);
  });

  // R-HC-3: the tab's "remove" drops every health-check key, with or without a port, and nothing else.
  it('removes stale health-check keys on request', () => {
    const original = { [ANNOTATIONS.periodSeconds]: '7', keep: 'x' };

    const dropped = { ...readLbConfig(original), dropHealthCheckKeys: true };

    expect(writeLbConfig(original, dropped)).toEqual({ keep: 'x' });
    // Turning the check on again afterwards writes it, with the period the Service had.
    expect(writeLbConfig(original, {
      ...dropped,
      healthCheck: {
        ...dropped.healthCheck, enabled: true, port: '80'
      }
    })).toMatchObject({ [ANNOTATIONS.healthCheckPort]: '80', [ANNOTATIONS.periodSeconds]: '7' });
  });

  // Values the provider cannot parse are flagged, never rewritten: " 80" is sent as typed.
  it('writes a health-check value exactly as typed', () => {
    const cfg = readLbConfig({});

    expect(writeLbConfig({}, {
      ...cfg,
      healthCheck: {
        ...cfg.healthCheck, enabled: true, port: ' 80'
      }
    })[ANNOTATIONS.healthCheckPort]).toBe(' 80');
  });

  // R-SH-3: provider `updateSecondaryServiceLoadBalancerIP` drops them anyway.
  it('gives a secondary no IPAM and no network of its own', () => {
    const original = {
      [ANNOTATIONS.ipam]: 'dhcp', [ANNOTATIONS.network]: 'default/vlan100', keep: 'me'
    };
    const out = writeLbConfig(original, {
      ...readLbConfig(original), sharing: true, primaryService: 'default/web-pool'
    });

    expect(out).toEqual({ [ANNOTATIONS.primaryService]: 'default/web-pool', keep: 'me' });
  });

  it('writes all five health-check keys as strings when the check is turned on', () => {
    const cfg = readLbConfig({});
    const out = writeLbConfig({}, withHealthCheck(cfg, {
      enabled: true, port: '443', periodSeconds: '10'
    }));

    expect(out).toEqual({
      [ANNOTATIONS.healthCheckPort]:  '443',
      [ANNOTATIONS.successThreshold]: '1',
      [ANNOTATIONS.failureThreshold]: '3',
      [ANNOTATIONS.periodSeconds]:    '10',
      [ANNOTATIONS.timeoutSeconds]:   '3',
    });
  });

  it('removes all five keys when the check is turned off, and only those', () => {
    const original = {
      [ANNOTATIONS.healthCheckPort]: '80', [ANNOTATIONS.timeoutSeconds]: '2', [ANNOTATIONS.ipam]: 'pool', other: 'x'
    };
    const out = writeLbConfig(original, withHealthCheck(readLbConfig(original), { enabled: false }));

    expect(out).toEqual({ [ANNOTATIONS.ipam]: 'pool', other: 'x' });
  });

  it('changes only the threshold the user edited, keeping the others as they were spelled', () => {
    const original = { [ANNOTATIONS.healthCheckPort]: '80', [ANNOTATIONS.failureThreshold]: '03' };
    const out = writeLbConfig(original, withHealthCheck(readLbConfig(original), { timeoutSeconds: '4' }));

    expect(out).toEqual({
      [ANNOTATIONS.healthCheckPort]: '80', [ANNOTATIONS.failureThreshold]: '03', [ANNOTATIONS.timeoutSeconds]: '4'
    });
  });

  // Any annotation map, any change the form can make: keys the form does not own come back byte for byte.
  // R-KV-1, R-PRJ-1, R-DESC-1: keys the provider writes or reads that the form does not own stay byte for byte.
  it('round-trips every annotation it does not own (property)', () => {
    const key = fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.constantFrom(...Object.values(ANNOTATIONS), 'kube-vip.io/loadbalancerIPs', 'kube-vip.io/serviceInterface')
    );
    const annotations = fc.dictionary(key, fc.string({ maxLength: 20 }));
    const form = fc.record({
      ipam:           fc.constantFrom('pool' as const, 'dhcp' as const),
      sharing:        fc.boolean(),
      primaryService: fc.constantFrom('', 'default/web-pool', 'ns/other'),
      network:        fc.constantFrom('', 'default/vlan100'),
      healthCheck:    fc.record({
        enabled:          fc.boolean(),
        port:             fc.constantFrom('', '80', '443'),
        successThreshold: fc.constantFrom('1', '2'),
        failureThreshold: fc.constantFrom('3', '4'),
        periodSeconds:    fc.constantFrom('5', '6'),
        timeoutSeconds:   fc.constantFrom('3', '1'),
      }),
    });

    fc.assert(fc.property(annotations, form, (original, next) => {
      const out = writeLbConfig(original, next);

      Object.keys(original).filter((k) => !isLbAnnotation(k)).forEach((k) => expect(out[k]).toBe(original[k]));
      Object.keys(out).filter((k) => !isLbAnnotation(k)).forEach((k) => expect(k in original).toBe(true));
      // Writing what was read is the identity, for the owned keys too.
      expect(writeLbConfig(original, readLbConfig(original))).toEqual(original);
    }), { numRuns: 300 });
  });
});

describe('applyLbEdit', () => {
  it('keeps what the user changed elsewhere on the page and restores original bytes on undo', () => {
    const original = { keep: 'x' };
    const start = readLbConfig(original);
    const dhcp = { ...start, ipam: 'dhcp' as const };
    // The user edits an annotation in the Labels & Annotations tab between two form edits.
    const afterDhcp = { ...applyLbEdit(original, original, start, dhcp), 'example.com/new': 'y' };

    expect(afterDhcp).toEqual({
      keep: 'x', [ANNOTATIONS.ipam]: 'dhcp', 'example.com/new': 'y'
    });
    expect(applyLbEdit(afterDhcp, original, dhcp, start)).toEqual({ keep: 'x', 'example.com/new': 'y' });
  });
});
