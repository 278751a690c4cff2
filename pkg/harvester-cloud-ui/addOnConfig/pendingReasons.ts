/**
 * Why a guest LoadBalancer Service has no address, from its own events: the Kubernetes service controller records
 * the provider's errors as `SyncLoadBalancerFailed` "Error syncing load balancer: failed to ensure load balancer:
 * <error>" (k8s.io/cloud-provider `controllers/service/controller.go`). Each pattern below is an error text of
 * cloud-provider-harvester (`pkg/cloud-controller-manager/loadbalancer.go`) or of load-balancer-harvester (the
 * LoadBalancer's Ready message, `pkg/controller/loadbalancer/controller.go`; its webhook,
 * `pkg/webhook/loadbalancer/validator.go`), which the provider passes on. Each either matches a text the real
 * components gave (tests/fixtures/harvester-messages, provider v0.2.7 and load-balancer-harvester v1.8.2) or says
 * which version it comes from (pendingReasons.test.ts lists those). A message no pattern knows is shown verbatim.
 * Cluster values are returned as text: the view renders them as text, never HTML.
 */
import { KubeObject } from '../data/types';

export type PendingCause =
  | 'noMatchingPool' | 'poolExhausted' | 'primaryNoAddress' | 'portInUse' | 'networkNotInMapping' | 'noCommonMapping'
  | 'mappingMalformed' | 'networkChanged' | 'clusterRemoving' | 'primaryFormat' | 'primaryNotFound'
  | 'primaryIsSecondary' | 'primaryInUse' | 'healthCheckPort' | 'healthCheckValue' | 'ipamChanged' | 'webhookDown' | 'timeout' | 'unknown';

export interface Explanation {
  cause: PendingCause;
  /** Values taken from the message (network, port, service...), for the explanation's text. */
  args: Record<string, string>;
}

export interface Pattern {
  cause: PendingCause;
  re: RegExp;
  args?: string[];
}

// Most specific first: a timeout message carries the Ready message that says why, and that wins. Above each, `// from:`
// the component, version and function its text comes from (`provider` cloud-provider-harvester, `lb`
// load-balancer-harvester): a comment, not a field, so every Rancher page's entry chunk does not carry it;
// pendingFixtures.test.ts reads it from here.
export const PATTERNS: readonly Pattern[] = [
  // "%w with requirement %+v": the requirement is the webhook's (the guest VMs' network, the host namespace's project).
  // from: lb v1.8.2 selectIPPool
  {
    cause: 'noMatchingPool',
    re:    /no matched IPPool with requirement &?\{Network:(\S*) Project:(\S*) Namespace:(\S*) Cluster:([^}\s]*)\}/,
    args:  ['network', 'project', 'namespace', 'cluster']
  },
  // from: lb v0.2–v0.3 selectIPPool
  {
    cause: 'noMatchingPool',
    re:    /no matching IP pool with requirement &?\{Network:(\S*) Project:(\S*) Namespace:(\S*) Cluster:([^}\s]*)\}/,
    args:  ['network', 'project', 'namespace', 'cluster']
  },
  // Also "no matched IPPool with selector, error: …" (the pool cache failed).
  // from: lb v1.8.2 selectIPPool
  { cause: 'noMatchingPool', re: /no match(?:ed IPPool|ing IP pool)/ },
  // The host-local allocator (vendored by load-balancer-harvester) once a pool is used up.
  // from: lb v1.8.2 requestIP
  {
    cause: 'poolExhausted', re: /fail to get ip from pool (\S+), error: no IP addresses available/, args: ['pool']
  },
  // from: lb v1.8.2 requestIP
  { cause: 'poolExhausted', re: /no IP addresses available in range set/ },
  // from: provider v0.2.7 ensureSecondaryLoadBalancer
  {
    cause: 'primaryNoAddress', re: /primary service (\S+) has no ingress IP/, args: ['primary']
  },
  // from: provider v0.2.7 checkPortOverlap
  {
    cause: 'portInUse', re: /port (\d+) has been used in service (\S+)/, args: ['port', 'service']
  },
  // from: provider v0.2.7 resolveNetworkInterface
  {
    cause: 'networkNotInMapping', re: /network (\S+) not found in NAD mapping/, args: ['network']
  },
  // from: provider v0.2.7 resolveNetworkInterface
  { cause: 'noCommonMapping', re: /there is no common NAD mapping/ },
  // from: provider v0.2.7 GetNADInterfaceMapping
  { cause: 'mappingMalformed', re: /invalid interface-nad-mapping in ConfigMap/ },
  // from: provider v0.2.7 checkNetworkChanged
  {
    cause: 'networkChanged',
    re:    /network annotation of service \S+ is not same as the load balancer \S+, service: '([^']*)', lb: '([^']*)'/,
    args:  ['now', 'was']
  },
  // A VM of the guest carries `harvesterhci.io/removeAllPersistentVolumeClaims: "true"`: Rancher is removing the cluster.
  // from: lb v1.8.2 webhook checkGuestClusterIsOnRemove
  {
    cause: 'clusterRemoving', re: /failed with guest cluster check: the vm (\S+) shows guest cluster (\S*) is being removed/, args: ['vm', 'cluster']
  },
  // Harvester's API server could not reach the load balancer webhook (its failurePolicy is Fail), so it refused the
  // provider's create of the LoadBalancer: the API server's words inside the provider's (measured, issue 37).
  // from: provider v0.2.7 createOrUpdateLoadBalancer
  {
    cause: 'webhookDown', re: /failed calling webhook "([^"]*harvester-load-balancer-webhook)"/, args: ['webhook']
  },
  // from: provider v0.2.7 getPrimaryService
  {
    cause: 'primaryFormat', re: /invalid service name (\S*)/, args: ['primary']
  },
  // from: provider v0.2.7 getPrimaryService
  {
    cause: 'primaryNotFound', re: /get service (\S+) failed: /, args: ['primary']
  },
  // from: provider v0.2.7 getPrimaryService
  {
    cause: 'primaryIsSecondary', re: /service (\S+) is not a primary service/, args: ['primary']
  },
  // from: provider v0.2.7 checkSecondaryServicesBeforeDeleted
  {
    cause: 'primaryInUse', re: /service (\S+) is still used by other services \[([^\]]*)\]/, args: ['primary', 'services']
  },
  // from: provider v0.1.5 getNodePort
  {
    cause: 'healthCheckPort', re: /nodeport not found, service port: (\d+)/, args: ['port']
  },
  // from: provider v0.1.5 extractHealthCheck
  { cause: 'healthCheckPort', re: /get healthy check port failed/ },
  // from: provider v0.1.5 getAnnotationValue
  {
    cause: 'healthCheckValue', re: /get annotationsValue failed, key: (\S+),/, args: ['key']
  },
  // from: lb v1.8.2 webhook checkIPAM
  {
    cause: 'ipamChanged', re: /can't change the IPAM from (\S*) to (\S*)/, args: ['from', 'to']
  },
  // Also with "mode: dhcp", though a DHCP load balancer does not wait there: lb v1.8.2 gives it 0.0.0.0 at once
  // (`ensureAllocatedAddressDHCP`), so its timeout says Harvester's controller did not act.
  // from: provider v0.2.7 waitForIP
  { cause: 'timeout', re: /timeout waiting for IP address/ },
  // from: provider v0.1.5 EnsureLoadBalancer
  { cause: 'timeout', re: /wait ip timeout/ },
];

export function explainMessage(message: string): Explanation {
  for (const p of PATTERNS) {
    const m = p.re.exec(message);

    if (m) {
      const args: Record<string, string> = {};

      (p.args || []).forEach((name, i) => {
        args[name] = (m[i + 1] ?? '').replace(/,$/, '');
      });

      return { cause: p.cause, args };
    }
  }

  return { cause: 'unknown', args: {} };
}

/** The reasons the service controller records while it works on a load balancer. */
export const FAILURE_REASONS = ['SyncLoadBalancerFailed', 'UpdateLoadBalancerFailed', 'DeleteLoadBalancerFailed'];
export const PROGRESS_REASONS = ['EnsuringLoadBalancer', 'EnsuredLoadBalancer', 'UpdatedLoadBalancer', 'DeletingLoadBalancer', 'DeletedLoadBalancer', 'UnAvailableLoadBalancer'];

export interface ServiceEvent {
  reason: string;
  type: string;
  /** The message without the service controller's "Error syncing load balancer: failed to ensure load balancer: ". */
  message: string;
  count: number;
  lastSeen: string;
  explanation: Explanation;
}

const CONTROLLER_PREFIX = /^(?:Error (?:syncing|updating|deleting) load balancer[^:]*:\s*)?(?:failed to ensure load balancer:\s*)?/;

function lastSeen(e: KubeObject & Record<string, any>): string { // eslint-disable-line @typescript-eslint/no-explicit-any
  return e.lastTimestamp || e.eventTime || e.series?.lastObservedTime || e.firstTimestamp || (e.metadata as { creationTimestamp?: string })?.creationTimestamp || '';
}

/** True for an event about this Service (by uid when the event has one: a recreated Service gets new events). */
export function isAboutService(e: KubeObject & Record<string, any>, svc: KubeObject): boolean { // eslint-disable-line @typescript-eslint/no-explicit-any
  const o = e.involvedObject || e.regarding || {};

  return o.kind === 'Service' && o.name === svc.metadata.name && (o.namespace || 'default') === (svc.metadata.namespace || 'default') &&
    (!o.uid || !svc.metadata.uid || o.uid === svc.metadata.uid);
}

const rank = (reason: string) => (FAILURE_REASONS.includes(reason) ? 2 : reason === 'EnsuredLoadBalancer' ? 1 : 0);

/** The Service's load-balancer events, newest first, each failure explained. */
export function loadBalancerEvents(events: KubeObject[], svc: KubeObject): ServiceEvent[] {
  return (events as (KubeObject & Record<string, any>)[]) // eslint-disable-line @typescript-eslint/no-explicit-any
    .filter((e) => isAboutService(e, svc) && [...FAILURE_REASONS, ...PROGRESS_REASONS].includes(e.reason))
    .map((e) => {
      const message = `${ e.message || e.note || '' }`;
      const isFailure = FAILURE_REASONS.includes(e.reason);
      const inner = isFailure ? message.replace(CONTROLLER_PREFIX, '') : message;

      return {
        reason:      e.reason,
        // Steve renames an object's own `type` field (Normal, Warning) to `_type`: `type` is its resource type.
        type:        e._type || (e.type !== 'event' ? e.type || '' : ''),
        message:     inner,
        count:       Number(e.count || e.series?.count || 1),
        lastSeen:    lastSeen(e),
        explanation: isFailure ? explainMessage(inner) : { cause: 'unknown' as PendingCause, args: {} },
      };
    })
    // Newest first; within the same second a failure comes after the "Ensuring" that started its attempt.
    .sort((a, b) => b.lastSeen.localeCompare(a.lastSeen) || rank(b.reason) - rank(a.reason));
}

/**
 * The failure that explains why the Service is Pending now: the newest failure not followed by an
 * `EnsuredLoadBalancer`. null when the Service has an address or nothing failed.
 */
export function currentFailure(events: ServiceEvent[], hasAddress: boolean): ServiceEvent | null {
  if (hasAddress) {
    return null;
  }
  for (const e of events) {
    if (e.reason === 'EnsuredLoadBalancer') {
      return null;
    }
    if (FAILURE_REASONS.includes(e.reason)) {
      return e;
    }
  }

  return null;
}
