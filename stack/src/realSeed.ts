/**
 * The demo data as it stands before Harvester's controllers act, for a stack where they run: what the cloud
 * provider, the load balancer controller and KubeVirt write is left for them (and for the stand-ins) to write.
 * - harvester-host: no LoadBalancers (the provider makes them, named `<cluster>-<ns>-<svc>-<crc32 with the
 *   Service's uid>`), IP pools without status (the IPPool controller keeps it), no VMIs (KubeVirt's stand-in runs
 *   the VMs).
 * - rke2-guest: Services without what the provider and kube-vip write (the kube-vip annotations, the secondary's
 *   primary-service label, `status.loadBalancer`) and without the provider's events; no NAD mapping ConfigMap (the
 *   provider's VMI controller writes it from the VMs' networks); nodes whose `harvester://` provider ID is the uid
 *   their VM got on the host, as the provider's `InstanceMetadata` gives it.
 */
import { component } from './harvester/components';

type Obj = Record<string, any>;

const RUNNING_CSI = component('harvester-csi-driver').version;

const PROVIDER_SERVICE_LABEL = 'cloudprovider.harvesterhci.io/primary-service';
const PROVIDER_EVENT_REASONS = new Set(['EnsuringLoadBalancer', 'EnsuredLoadBalancer', 'SyncLoadBalancerFailed', 'UpdatedLoadBalancer', 'DeletingLoadBalancer', 'DeletedLoadBalancer']);

function withoutKubeVip(annotations: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!annotations) {
    return annotations;
  }
  const out = Object.fromEntries(Object.entries(annotations).filter(([k]) => !k.startsWith('kube-vip.io/')));

  return Object.keys(out).length ? out : undefined;
}

export function hostBeforeControllers(objects: Obj[]): Obj[] {
  return objects
    .filter((o) => !(o.kind === 'LoadBalancer' && o.apiVersion.startsWith('loadbalancer.harvesterhci.io/')))
    .filter((o) => o.kind !== 'VirtualMachineInstance')
    .map((o) => {
      if (o.kind === 'IPPool' || o.kind === 'VirtualMachine') {
        const { status, ...rest } = o;

        return rest;
      }

      return o;
    });
}

export function guestBeforeControllers(objects: Obj[], vmUids: Map<string, string>): Obj[] {
  return objects
    .filter((o) => !(o.kind === 'ConfigMap' && o.metadata.namespace === 'kube-system' && o.metadata.name === 'harvester-nad-mapping'))
    .filter((o) => !(o.kind === 'Event' && o.involvedObject?.kind === 'Service' && PROVIDER_EVENT_REASONS.has(o.reason)))
    .map((o) => {
      if (o.kind === 'Service' && o.spec?.type === 'LoadBalancer') {
        const copy = JSON.parse(JSON.stringify(o));
        const labels = { ...(copy.metadata.labels || {}) };

        delete labels[PROVIDER_SERVICE_LABEL];
        copy.metadata.labels = Object.keys(labels).length ? labels : undefined;
        copy.metadata.annotations = withoutKubeVip(copy.metadata.annotations);
        delete copy.status;

        return copy;
      }
      if (o.kind === 'DaemonSet' && o.metadata.name === 'harvester-csi-driver' && RUNNING_CSI) {
        // The driver that runs is the one built from ../shared/harvester: its version is what the extension reads.
        const copy = JSON.parse(JSON.stringify(o));

        copy.metadata.labels = { ...copy.metadata.labels, 'app.kubernetes.io/version': RUNNING_CSI };
        copy.spec.template.spec.containers = copy.spec.template.spec.containers.map((c: Obj) => ({ ...c, image: c.image.replace(/:v[^:]+$/, `:${ RUNNING_CSI }`) }));

        return copy;
      }
      if (o.kind === 'Node' && vmUids.has(o.metadata.name)) {
        return { ...o, spec: { ...o.spec, providerID: `harvester://${ vmUids.get(o.metadata.name) }` } };
      }

      return o;
    });
}
