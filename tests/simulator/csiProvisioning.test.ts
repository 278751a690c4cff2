/** The simulator's Harvester CSI driver, stepped by hand over the demo data: a guest's PVCs provisioned, or why not. */
import { call, RKE2 } from './helpers';
import { HOST, useControllerSteps } from './controllerSteps';

const {
  world, step, get, eventsOf
} = useControllerSteps();

describe('Harvester CSI provisioning', () => {
  const pvc = (name: string, storageClassName: string, accessModes = ['ReadWriteOnce']) => call(world.state, 'POST', `${ RKE2 }/persistentvolumeclaims`, {
    body: {
      metadata: { name, namespace: 'default' },
      spec:     {
        storageClassName, accessModes, resources: { requests: { storage: '5Gi' } }
      }
    }
  }).body;
  const failure = (name: string) => eventsOf(RKE2, name).find((e: any) => e[1] === 'ProvisioningFailed')?.[2];

  it('a PVC of the Harvester class is Bound to a PV backed by a host volume', () => {
    const claim = pvc('data', 'harvester');

    step();
    const bound = get(`${ RKE2 }/persistentvolumeclaims/default/data`);
    const volume = `pvc-${ claim.metadata.uid }`;

    expect(bound.status).toEqual({
      phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' }
    });
    expect(bound.spec.volumeName).toBe(volume);
    expect(get(`${ RKE2 }/persistentvolumes/${ volume }`).spec.csi).toMatchObject({ driver: 'driver.harvesterhci.io', volumeHandle: volume });
    expect(get(`${ HOST }/persistentvolumeclaims/default/${ volume }`).spec.storageClassName).toBe('harvester-longhorn');
    expect(eventsOf(RKE2, 'data').map((e: any) => e[1])).toEqual(['ExternalProvisioning', 'Provisioning', 'ProvisioningSucceeded']);
  });

  it('reports the driver\'s errors: RWX unsupported, host class not found, empty host class name', () => {
    const sc = (name: string, hostStorageClass: string) => call(world.state, 'POST', `${ RKE2 }/storage.k8s.io.storageclasses`, {
      body: {
        metadata: { name }, provisioner: 'driver.harvesterhci.io', parameters: { hostStorageClass }
      }
    });

    expect(sc('gone', 'no-such-class').status).toBe(201);
    expect(sc('blank', '').status).toBe(201);
    pvc('shared', 'harvester', ['ReadWriteMany']);
    pvc('lost', 'gone');
    pvc('empty', 'blank');
    step();

    // An InvalidArgument answer is infeasible to the external-provisioner (v6): it says so and retries slowly.
    expect(failure('shared')).toBe('Volume provisioning failed with infeasible error. Retries will be delayed. rpc error: code = InvalidArgument desc = access mode MULTI_NODE_MULTI_WRITER is not supported');
    expect(failure('lost')).toBe('failed to provision volume with StorageClass "gone": rpc error: code = NotFound desc = storageclasses.storage.k8s.io "no-such-class" not found');
    expect(failure('empty')).toBe('failed to provision volume with StorageClass "blank": rpc error: code = Internal desc = resource name may not be empty');
    expect(get(`${ RKE2 }/persistentvolumeclaims/default/lost`).status?.phase).not.toBe('Bound');
  });
});
