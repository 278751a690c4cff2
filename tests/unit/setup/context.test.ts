import { namespaceOfVms } from '@pkg/environment/vmPlacement';

const node = (providerID: string) => ({ metadata: { name: providerID }, spec: { providerID } });
const vm = (namespace: string, uid: string) => ({
  metadata: {
    name: uid, namespace, uid
  }
});

describe('the VMs\' namespace of a guest without machine pools', () => {
  it('R-SET-1: is where the VMs its nodes\' harvester:// providerIDs name are (most of them)', () => {
    const nodes = [node('harvester://u1'), node('harvester://u2'), node('k3s://n3')];

    expect(namespaceOfVms(nodes, [vm('guests', 'u1'), vm('guests', 'u2'), vm('other', 'u9')])).toBe('guests');
    expect(namespaceOfVms(nodes, [vm('other', 'u9')])).toBeNull();
    expect(namespaceOfVms([node('k3s://n1')], [vm('guests', 'n1')])).toBeNull();
  });
});
