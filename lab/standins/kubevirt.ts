/**
 * Stand-in for KubeVirt on harvester-host (no VM runs on this machine): a VirtualMachine that should run gets its
 * VirtualMachineInstance as KubeVirt fills it in (lab/world/builders/harvester.ts `vmiFromVm`: the node it
 * runs on, each interface's network, guest interface name and addresses, the template's labels and topology
 * annotations) and the VM's status says it runs. Where it runs and its addresses: the demo's facts for the demo's
 * VMs (lab/world/guestVms.ts), otherwise the first host node and the next free address. Deleting a VM deletes
 * its VMI through the owner reference (kube-controller-manager's garbage collector), as in a real cluster.
 */
import { GUEST_VMS } from '../world/guestVms';
import { GUEST_VM_NETWORKS, guestVmAddresses, vmiFromVm } from '../world/builders/harvester';
import { KubeTarget, kubeRequest, objectPath } from '../core/kubeClient';
import { inform } from './informer';
import type { KubeObject } from '../simulator/core/types';

type Obj = Record<string, any>;

function shouldRun(vm: Obj): boolean {
  const strategy = vm.spec?.runStrategy;

  return vm.spec?.running === true || (strategy && strategy !== 'Halted' && strategy !== 'Manual');
}

export function startKubevirt(host: KubeTarget, log: (l: string) => void) {
  let nextHost = 100;

  const placement = async(vm: Obj): Promise<{ node: string; addresses: string[] }> => {
    const fact = GUEST_VMS.find((f) => f.name === vm.metadata.name);

    if (fact) {
      return { node: fact.hostNow, addresses: guestVmAddresses(fact.ip, GUEST_VM_NETWORKS.length) };
    }
    const nodes = await kubeRequest(host, 'GET', '/api/v1/nodes');
    const node = nodes.body?.items?.[0]?.metadata?.name || 'hh-node-1';

    return { node, addresses: guestVmAddresses(`192.168.100.${ nextHost++ }`, GUEST_VM_NETWORKS.length) };
  };

  return inform(host, '/apis/kubevirt.io/v1/virtualmachines', async(vm, type) => {
    if (type === 'DELETED' || vm.metadata.deletionTimestamp || !shouldRun(vm)) {
      return;
    }
    const ns = vm.metadata.namespace;
    const vmiPath = objectPath('kubevirt.io/v1', 'virtualmachineinstances', ns, vm.metadata.name);
    const existing = await kubeRequest(host, 'GET', vmiPath);

    if (existing.status === 404) {
      const where = await placement(vm);
      const created = await kubeRequest(host, 'POST', objectPath('kubevirt.io/v1', 'virtualmachineinstances', ns), vmiFromVm(vm as KubeObject, where.node, where.addresses));

      if (created.status !== 201) {
        throw new Error(`VMI ${ ns }/${ vm.metadata.name }: ${ created.status } ${ created.body?.message }`);
      }
      log(`[kubevirt] ${ ns }/${ vm.metadata.name } runs on ${ where.node } (${ where.addresses.join(', ') })`);
    }
    if (vm.status?.printableStatus !== 'Running' || vm.status?.ready !== true) {
      const status = {
        ...(vm.status || {}), created: true, ready: true, printableStatus: 'Running', conditions: [{ type: 'Ready', status: 'True' }]
      };

      await kubeRequest(host, 'PUT', `${ objectPath('kubevirt.io/v1', 'virtualmachines', ns, vm.metadata.name) }/status`, { ...vm, status });
    }
  }, log);
}
