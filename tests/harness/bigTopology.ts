import { HARVESTER_HOST, RKE2_GUEST } from '../../lab/world/ids';
import { Seed } from '../../lab/simulator/core/types';
import { generateCluster } from '../bench/topology';
import { withObjects } from './manyServices';

/**
 * The demo grown by a generated topology (tests/bench/topology.ts): its nodes on rke2-guest, their VMs and instances
 * and more nodes on the Harvester host, seeded so each test starts from them again.
 */
export function bigTopologySeed(seed: Seed, big: ReturnType<typeof generateCluster>): Seed {
  const guest = withObjects(seed, RKE2_GUEST.id, big.nodes.map((n) => ({
    apiVersion: 'v1', kind: 'Node', ...n
  } as any)));

  return withObjects(guest, HARVESTER_HOST.id, [
    ...(big.host.nodes || []).map((n) => ({
      apiVersion: 'v1', kind: 'Node', ...n
    } as any)),
    ...big.host.vms.map((vm) => ({
      apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachine', ...vm
    } as any)),
    ...big.host.vmis.map((vmi) => ({
      apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', ...vmi
    } as any)),
  ]);
}
