/**
 * The only fields of other Services the Add-on Config's rules read (every reader of `LbContext.services`):
 * - services.ts serviceRef, servicePorts.ts primaryCandidates, secondariesOf, overlappingPorts:
 *   metadata.name/namespace/annotations, spec.type, spec.ports, status.loadBalancer (ingressAddress);
 * - lbStatus.ts loadBalancerOwner, lbHost.ts loadHostLoadBalancer (the Pending explanation): metadata.uid of the
 *   primary, which names the Harvester LoadBalancer (hostLbName.ts).
 * A rule that reads another field must add it here (tests/unit/addOnConfig/scale.test.ts checks the rules see it).
 * Apart from lbContext.ts (which re-exports it), so the Load Balancers page, which asks for the same fields, does
 * not carry the tab's context loader and NAD mapping parser.
 */
export const SERVICE_FIELDS = [
  'metadata.name', 'metadata.namespace', 'metadata.uid', 'metadata.annotations', 'spec.type', 'spec.ports', 'status.loadBalancer',
] as const;
