/**
 * One test per message row of docs/harvester-rules.md ("Errors and events"): the texts are composed exactly as the
 * components format them (cloud-provider-harvester `pkg/cloud-controller-manager/loadbalancer.go`,
 * load-balancer-harvester `pkg/controller/loadbalancer/controller.go` and `pkg/webhook/loadbalancer/validator.go`),
 * wrapped by the service controller (k8s.io/cloud-provider `controllers/service/controller.go`).
 */
import { currentFailure, explainMessage, loadBalancerEvents } from '@pkg/addOnConfig/pendingReasons';

const SVC = 'default/web';
const wrap = (err: string) => `Error syncing load balancer: failed to ensure load balancer: ${ err }`;

describe('explainMessage', () => {
  it.each([
    // R-EV-1 load-balancer-harvester v1.8.2 `selectIPPool` ("%w with requirement %+v"), through provider v0.2.7 `waitForIP`
    ['noMatchingPool', `update load balancer IP of service ${ SVC } failed, error: timeout waiting for IP address, last error:ip is not allocated, mode: pool, message: no matched IPPool with requirement &{Network:default/vlan100 Project:c-hh001/p-hh001dflt Namespace:default Cluster:rke2-guest}`,
      {
        network: 'default/vlan100', project: 'c-hh001/p-hh001dflt', namespace: 'default', cluster: 'rke2-guest'
      }],
    // R-EV-1 load-balancer-harvester v0.2/v0.3 wording
    ['noMatchingPool', 'no matching IP pool with requirement &{Network: Project:p-1 Namespace:default Cluster:c}', {
      network: '', project: 'p-1', namespace: 'default', cluster: 'c'
    }],
    // R-EV-2 `requestIP` + host-local allocator
    ['poolExhausted', 'fail to get ip from pool pool-a, error: no IP addresses available in range set: 10.0.0.1-10.0.0.2', { pool: 'pool-a' }],
    // R-EV-3 provider `ensureSecondaryLoadBalancer`
    ['primaryNoAddress', 'primary service default/web-pool has no ingress IP', { primary: 'default/web-pool' }],
    // R-EV-4 provider `checkPortOverlap`
    ['portInUse', 'check port overlap failed, primary service: default/p, secondary service: default/s, error: port 80 has been used in service default/p', { port: '80', service: 'default/p' }],
    // R-EV-5 provider v0.2.7 `resolveNetworkInterface`
    ['networkNotInMapping', `network default/vlan300 not found in NAD mapping for service ${ SVC }`, { network: 'default/vlan300' }],
    ['noCommonMapping', 'there is no common NAD mapping: kube-system/harvester-nad-mapping is empty', {}],
    ['mappingMalformed', 'invalid interface-nad-mapping in ConfigMap kube-system/harvester-nad-mapping: unexpected end of JSON input', {}],
    // R-EV-6 provider v0.2.7 `checkNetworkChanged`
    ['networkChanged', `network annotation of service ${ SVC } is not same as the load balancer default/lb, service: 'default/vlan200', lb: 'default/vlan100'`, { now: 'default/vlan200', was: 'default/vlan100' }],
    // R-EV-7 load-balancer-harvester v1.8.2 webhook `checkGuestClusterIsOnRemove`, as the API server words the denial, through `createOrUpdateLoadBalancer`
    ['clusterRemoving', 'create or update lb default/lb failed, error: admission webhook "validator.harvester-system.harvester-load-balancer-webhook" denied the request: Internal error occurred: create loadbalancer default/lb failed with guest cluster check: the vm default/rke2-guest-pool1-a shows guest cluster rke2-guest is being removed',
      { vm: 'default/rke2-guest-pool1-a', cluster: 'rke2-guest' }],
    // R-EV-8 provider `getPrimaryService`
    ['primaryFormat', 'invalid service name web', { primary: 'web' }],
    ['primaryNotFound', 'get service default/gone failed: service "gone" not found', { primary: 'default/gone' }],
    ['primaryIsSecondary', 'service default/s is not a primary service', { primary: 'default/s' }],
    // R-EV-9 provider `checkSecondaryServicesBeforeDeleted`
    ['primaryInUse', 'could not delete load balancer for service default/p: service default/p is still used by other services [default/s1 default/s2]', { primary: 'default/p', services: 'default/s1 default/s2' }],
    // R-EV-10 provider v0.1.5 `getNodePort`, `getAnnotationValue`
    ['healthCheckPort', 'extract health check failed, error: get healthy check port failed, error: nodeport not found, service port: 8080', { port: '8080' }],
    ['healthCheckValue', 'extract health check failed, error: get annotationsValue failed, key: cloudprovider.harvesterhci.io/healthcheck-periodseconds, err: strconv.Atoi: parsing "x": invalid syntax', { key: 'cloudprovider.harvesterhci.io/healthcheck-periodseconds' }],
    // R-EV-11 load-balancer-harvester webhook `checkIPAM`
    ['ipamChanged', "update loadbalancer default/lb failed: can't change the IPAM from pool to dhcp", { from: 'pool', to: 'dhcp' }],
    // R-EV-15 the load balancer webhook not answering: Harvester's API server refuses the create (measured, issue 37)
    ['webhookDown', 'create or update lb default/rke2-guest-default-web-538a82fb failed, error: Internal error occurred: failed calling webhook "validator.harvester-system.harvester-load-balancer-webhook": failed to call webhook: Post "https://harvester-load-balancer-webhook.harvester-system.svc:443/v1/webhook/validation?timeout=10s": dial tcp 10.231.60.2:8443: connect: connection refused',
      { webhook: 'validator.harvester-system.harvester-load-balancer-webhook' }],
    // A denial is the webhook's answer, not its silence.
    ['clusterRemoving', 'create or update lb default/lb failed, error: admission webhook "validator.harvester-system.harvester-load-balancer-webhook" denied the request: Internal error occurred: create loadbalancer default/lb failed with guest cluster check: the vm default/v shows guest cluster g is being removed',
      { vm: 'default/v', cluster: 'g' }],
    // R-EV-12 a DHCP load balancer times out only when Harvester's controller did not act (lb v1.8.2 gives 0.0.0.0 at once)
    ['timeout', `update load balancer IP of service ${ SVC } failed, error: timeout waiting for IP address, last error:ip is not allocated, mode: dhcp, message: `, {}],
    // R-EV-13 provider v0.2.0 `waitForIP`, v0.1.5 `EnsureLoadBalancer`
    ['timeout', 'update load balancer IP of service default/web failed, error: timeout waiting for IP address', {}],
    ['timeout', 'wait ip timeout', {}],
    // R-EV-14 anything else is shown verbatim
    ['unknown', 'the server is on fire', {}],
  ])('reads %s', (cause, message, args) => {
    expect(explainMessage(message)).toEqual({ cause, args });
  });
});

describe('the Service events', () => {
  const svc = {
    metadata: {
      name: 'web', namespace: 'default', uid: 'u1'
    }
  };
  const ev = (reason: string, message: string, at: string, extra: Record<string, unknown> = {}) => ({
    metadata:       { name: `web.${ at }` },
    reason,
    message,
    _type:          reason.endsWith('Failed') ? 'Warning' : 'Normal',
    lastTimestamp:  at,
    involvedObject: {
      kind: 'Service', name: 'web', namespace: 'default', uid: 'u1'
    },
    ...extra,
  });

  // R-EV-0: the service controller's SyncLoadBalancerFailed prefix is dropped; the newest failure explains Pending.
  it('explains the newest failure not followed by EnsuredLoadBalancer', () => {
    const events = loadBalancerEvents([
      ev('EnsuringLoadBalancer', 'Ensuring load balancer', '2026-01-01T00:00:01Z'),
      ev('SyncLoadBalancerFailed', wrap('primary service default/p has no ingress IP'), '2026-01-01T00:00:01Z'),
      ev('SyncLoadBalancerFailed', wrap('wait ip timeout'), '2025-12-31T00:00:00Z'),
    ], svc);
    const failure = currentFailure(events, false);

    expect(failure).toMatchObject({
      reason: 'SyncLoadBalancerFailed', type: 'Warning', message: 'primary service default/p has no ingress IP', explanation: { cause: 'primaryNoAddress' }
    });
    expect(currentFailure(events, true)).toBeNull();
    expect(currentFailure(loadBalancerEvents([
      ev('SyncLoadBalancerFailed', wrap('wait ip timeout'), '2026-01-01T00:00:00Z'),
      ev('EnsuredLoadBalancer', 'Ensured load balancer', '2026-01-01T00:00:05Z'),
    ], svc), false)).toBeNull();
  });

  it("ignores other objects' events and those of an older Service of the same name", () => {
    const events = loadBalancerEvents([
      ev('SyncLoadBalancerFailed', wrap('x'), '2026-01-01T00:00:00Z', {
        involvedObject: {
          kind: 'Service', name: 'web', namespace: 'default', uid: 'old'
        }
      }),
      ev('SyncLoadBalancerFailed', wrap('x'), '2026-01-01T00:00:00Z', {
        involvedObject: {
          kind: 'Pod', name: 'web', namespace: 'default'
        }
      }),
    ], svc);

    expect(events).toEqual([]);
  });
});
