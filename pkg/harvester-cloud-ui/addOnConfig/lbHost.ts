/**
 * What only the Harvester host tells about a guest LoadBalancer without an address (LbHostStatus.vue, loaded only for
 * such a Service): the host's LoadBalancer (found by the name the provider gives it) and, on demand
 * (`loadPoolVerdicts`), the host's IP pools, offered when the LoadBalancer's Ready message is about pools.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { HOST_IP_POOL, HOST_LB } from '../data/typeIds';
import { hostList } from '../data/clusterProxy';
import { classifyHttpFailure } from '../data/failure';
import { findHostClusterId } from '../environment/host';
import { HostLbStatus, LB_LABELS, describeHostLb, hostLbFilter } from './hostLoadBalancer';
import { loadBalancerName } from './hostLbName';
import { PoolVerdict, matchPoolsWithRule } from './ipPoolMatch';
import { explainMessage } from './pendingReasons';

export type HostLbResult =
  | { state: 'found'; status: HostLbStatus; hostId: string; lb: KubeObject; poolsRelevant: boolean }
  | { state: 'absent'; expectedName: string | null }
  | { state: 'unreadable'; reason: 'noHost' | 'forbidden' | 'unreachable' | 'error' };

/** Picks the provider's LoadBalancer for `owner` among those listed: by its exact name, else by its labels. */
export function pickHostLb(lbs: KubeObject[], owner: KubeObject, clusterName: string | null): KubeObject | null {
  const ns = owner.metadata.namespace || 'default';
  const expected = clusterName !== null && owner.metadata.uid ? loadBalancerName(clusterName, ns, owner.metadata.name, owner.metadata.uid) : null;

  return lbs.find((lb) => expected && lb.metadata.name === expected) ||
    lbs.find((lb) => lb.metadata.labels?.[LB_LABELS.serviceNamespace] === ns && lb.metadata.labels?.[LB_LABELS.serviceName] === owner.metadata.name) ||
    null;
}

export async function loadHostLoadBalancer(store: StoreLike, guestClusterId: string, owner: KubeObject, clusterName: string | null): Promise<HostLbResult> {
  let hostId: string | null;

  try {
    hostId = await findHostClusterId(store, guestClusterId);
  } catch (e) {
    hostId = null;
  }
  if (!hostId) {
    return { state: 'unreadable', reason: 'noHost' };
  }
  const ns = owner.metadata.namespace || 'default';

  try {
    const lbs = await hostList(store, hostId, HOST_LB, { filters: hostLbFilter(clusterName, ns, owner.metadata.name) });
    const lb = pickHostLb(lbs, owner, clusterName);
    const status = describeHostLb(lb);

    if (!lb || !status) {
      const expectedName = clusterName !== null && owner.metadata.uid ? loadBalancerName(clusterName, ns, owner.metadata.name, owner.metadata.uid) : null;

      return { state: 'absent', expectedName };
    }
    // Pools are the question for a pool load balancer without an address whose Ready message is about pools.
    const aboutPools = !status.messages.length || status.messages.some((m) => ['noMatchingPool', 'poolExhausted'].includes(explainMessage(m).cause));

    return {
      state: 'found', status, hostId, lb, poolsRelevant: !status.address && status.ipam !== 'dhcp' && aboutPools
    };
  } catch (e) {
    return { state: 'unreadable', reason: classifyHttpFailure(e).failure };
  }
}

/** The host's IP pools, each with its verdict for this LoadBalancer; null when they cannot be read. */
export async function loadPoolVerdicts(store: StoreLike, hostId: string, lb: KubeObject): Promise<PoolVerdict[] | null> {
  try {
    return matchPoolsWithRule(await hostList(store, hostId, HOST_IP_POOL), lb);
  } catch (e) {
    return null;
  }
}
