/** The simulator's guest node topology controllers, stepped by hand over the demo data: after a VM migrates, a new node. */
import { call, RKE2 } from './helpers';
import { HOST, K3S, useControllerSteps } from './controllerSteps';

const { world, step, get } = useControllerSteps();

describe('guest node topology', () => {
  const zone = (base: string, node: string) => get(`${ base }/nodes/${ node }`).metadata.labels['topology.kubernetes.io/zone'];

  it('a migration to another zone re-syncs a node with provider 0.2.x and leaves 0.1.x nodes drifted', () => {
    expect(zone(RKE2, 'rke2-guest-pool1-a')).toBe('us-east-1a');
    expect(call(world.state, 'POST', '/__sim/controllers/migrate', { body: { vm: 'rke2-guest-pool1-a', node: 'hh-node-3' }, as: null }).status).toBe(200);
    step();
    expect(zone(RKE2, 'rke2-guest-pool1-a')).toBe('us-west-1a');
    expect(get(`${ HOST }/kubevirt.io.virtualmachineinstances/default/rke2-guest-pool1-a`).status.nodeName).toBe('hh-node-3');

    const k3sZone = zone(K3S, 'k3s-guest-node-1');

    expect(call(world.state, 'POST', '/__sim/controllers/migrate', { body: { vm: 'k3s-guest-node-1', node: 'hh-node-3' }, as: null }).status).toBe(200);
    step();
    expect(zone(K3S, 'k3s-guest-node-1')).toBe(k3sZone);
    expect(call(world.state, 'POST', '/__sim/controllers/migrate', { body: { vm: 'nope', node: 'hh-node-3' }, as: null }).status).toBe(404);
  });

  it('a new guest node takes its labels and providerID from its VM', () => {
    const vm = get(`${ HOST }/kubevirt.io.virtualmachines/default/rke2-guest-pool1-b`);

    expect(call(world.state, 'DELETE', `${ RKE2 }/nodes/rke2-guest-pool1-b`).status).toBe(204);
    expect(call(world.state, 'POST', `${ RKE2 }/nodes`, { body: { metadata: { name: 'rke2-guest-pool1-b' }, spec: {} } }).status).toBe(201);
    step();
    const node = get(`${ RKE2 }/nodes/rke2-guest-pool1-b`);

    expect(node.spec.providerID).toBe(`harvester://${ vm.metadata.uid }`);
    expect(node.metadata.labels).toMatchObject({ 'topology.kubernetes.io/region': 'us-east', 'topology.kubernetes.io/zone': 'us-east-1b' });
  });
});
