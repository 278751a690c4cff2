/**
 * The Harvester load balancer webhook as it admits what the cloud provider writes (load-balancer-harvester v1.8.2
 * pkg/webhook/loadbalancer): for a Cluster-type LoadBalancer the mutator (mutator.go getAnnotationsPatchCluster) sets
 * its namespace annotation to its own namespace, its project to the namespace's Rancher project, and its network to
 * the first Multus network of the guest's VMs (`findNetwork`: the first VMI created by the node driver whose name
 * starts with the cluster name) — whatever network the Service asked for; the validator (validator.go) refuses a
 * change of IPAM between DHCP and pool, and a new LoadBalancer while the guest cluster is being removed. Refusals
 * reach the provider as the API server words a webhook's denial.
 */
import { getObject, listObjects, SimState } from '../core/state';
import { KubeObject } from '../core/types';
import { LB_ANNOTATIONS } from './hostLoadBalancer';

const CREATOR = 'harvesterhci.io/creator';
const NODE_DRIVER = 'docker-machine-driver-harvester';
const GUEST_CLUSTER = 'guestcluster.harvesterhci.io/name';
const ON_REMOVE = 'harvesterhci.io/removeAllPersistentVolumeClaims';
const PROJECT = 'field.cattle.io/projectId';
const VALIDATOR = 'validator.harvester-system.harvester-load-balancer-webhook';

export type Admission = { lb: KubeObject } | { denied: string };

function denied(message: string): Admission {
  // harvester/webhook answers a validator's error as an internal error: the API server words it so.
  return { denied: `admission webhook "${ VALIDATOR }" denied the request: Internal error occurred: ${ message }` };
}

function findNetwork(state: SimState, hostId: string, namespace: string, cluster: string): string {
  const vmis = listObjects(state, hostId, 'kubevirt.io.virtualmachineinstance')
    .filter((v) => v.metadata.namespace === namespace && v.metadata.labels?.[CREATOR] === NODE_DRIVER && v.metadata.name.startsWith(cluster));

  for (const vmi of vmis) {
    const multus = (vmi.spec?.networks || []).find((n: any) => n.multus);

    if (multus) {
      return multus.multus.networkName;
    }
  }

  return '';
}

function removing(state: SimState, hostId: string, namespace: string, cluster: string): KubeObject | undefined {
  if (!cluster || cluster === 'kubernetes') {
    return undefined;
  }

  return listObjects(state, hostId, 'kubevirt.io.virtualmachine')
    .filter((vm) => vm.metadata.namespace === namespace && vm.metadata.labels?.[CREATOR] === NODE_DRIVER && vm.metadata.labels?.[GUEST_CLUSTER] === cluster)
    .find((vm) => vm.metadata.annotations?.[ON_REMOVE] === 'true');
}

/** What the API server stores for a create (`old` absent) or update of a host LoadBalancer, or the denial. */
export function admitLoadBalancer(state: SimState, hostId: string, lb: KubeObject, old?: KubeObject): Admission {
  const ns = lb.metadata.namespace as string;
  const cluster = lb.metadata.annotations?.[LB_ANNOTATIONS.cluster] || '';

  if (lb.spec?.workloadType !== 'cluster') {
    return { lb };
  }
  if (!old) {
    const vm = removing(state, hostId, ns, lb.metadata.labels?.['cloudprovider.harvesterhci.io/cluster'] || '');

    if (vm) {
      return denied(`create loadbalancer ${ ns }/${ lb.metadata.name } failed with guest cluster check: the vm ${ ns }/${ vm.metadata.name } shows guest cluster ${ cluster } is being removed`);
    }
  } else if ((old.spec?.ipam === 'dhcp') !== (lb.spec?.ipam === 'dhcp')) {
    return denied(`update loadbalancer ${ ns }/${ lb.metadata.name } failed: can't change the IPAM from ${ old.spec?.ipam || '' } to ${ lb.spec?.ipam || '' }`);
  }
  const project = getObject(state, hostId, 'namespace', ns)?.metadata.annotations?.[PROJECT] || '';
  const network = cluster ? findNetwork(state, hostId, ns, cluster) : '';

  return {
    lb: {
      ...lb,
      metadata: {
        ...lb.metadata,
        annotations: {
          ...(lb.metadata.annotations || {}), [LB_ANNOTATIONS.namespace]: ns, [LB_ANNOTATIONS.project]: project.replace(':', '/'), [LB_ANNOTATIONS.network]: network
        },
      },
    },
  };
}
