import { lbModeText } from '@pkg/addOnConfig/serviceColumns';
import { ANNOTATIONS } from '@pkg/addOnConfig/annotations';

const t = (key: string) => key.replace('harvesterCloud.loadBalancer.column.', '');
const lb = (annotations: Record<string, string>) => ({
  metadata: {
    name: 'web', namespace: 'default', annotations
  },
  spec:   { type: 'LoadBalancer' },
  status: {}
}) as any;

describe('the Service list\'s LB Mode column', () => {
  it('R-IPAM-1: shows Invalid IPAM, not Pool, for an IPAM value Harvester\'s LoadBalancer refuses', () => {
    expect(lbModeText(lb({ [ANNOTATIONS.ipam]: 'DHCP' }), t)).toBe('invalid');
    expect(lbModeText(lb({ [ANNOTATIONS.ipam]: 'Pool' }), t)).toBe('invalid');
    expect(lbModeText(lb({ [ANNOTATIONS.ipam]: '' }), t)).toBe('invalid');
  });

  it('R-IPAM-0/R-IPAM-1: shows Pool when the annotation is absent or exactly pool, DHCP for exactly dhcp', () => {
    expect(lbModeText(lb({}), t)).toBe('pool');
    expect(lbModeText(lb({ [ANNOTATIONS.ipam]: 'pool' }), t)).toBe('pool');
    expect(lbModeText(lb({ [ANNOTATIONS.ipam]: 'dhcp' }), t)).toBe('dhcp');
  });
});
