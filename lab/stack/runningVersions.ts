/**
 * The versions the stack runs, in the guest's records of them: the CSI driver's DaemonSet names the driver built from
 * ../shared/harvester (v0.2.9), which is what the extension reads (the simulator's demo shows an older one).
 */
import { component } from './harvester/components';

type Obj = Record<string, any>;

export function withRunningVersions(objects: Obj[]): Obj[] {
  const csi = component('harvester-csi-driver').version;

  return objects.map((o) => {
    if (o.kind !== 'DaemonSet' || o.metadata.name !== 'harvester-csi-driver') {
      return o;
    }
    const copy = JSON.parse(JSON.stringify(o));

    copy.metadata.labels = { ...copy.metadata.labels, 'app.kubernetes.io/version': csi };
    copy.spec.template.spec.containers = copy.spec.template.spec.containers.map((c: Obj) => ({ ...c, image: c.image.replace(/:v[^:]+$/, `:${ csi }`) }));

    return copy;
  });
}
