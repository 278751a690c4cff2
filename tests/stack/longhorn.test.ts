/**
 * Longhorn's stand-in provisions only what kube-controller-manager handed to Longhorn, as its external-provisioner
 * does: provisioning earlier let the PV controller bind a claim without the storage-provisioner annotation, and the
 * real Harvester CSI driver then failed a guest snapshot (CI, stop 42: "unmarshal failed" on csi-driver-config).
 */
import { claimsLonghorn } from '../../lab/standins/longhorn';

const claim = (annotations: Record<string, string>, volumeName?: string) => ({
  metadata: {
    name: 'pvc-1', namespace: 'default', annotations
  },
  spec: { storageClassName: 'longhorn', ...(volumeName ? { volumeName } : {}) },
});

describe('claimsLonghorn', () => {
  it('waits for kube-controller-manager to name Longhorn the claim\'s provisioner', () => {
    expect(claimsLonghorn(claim({}))).toBe(false);
    expect(claimsLonghorn(claim({ 'volume.kubernetes.io/storage-provisioner': 'driver.longhorn.io' }))).toBe(true);
    expect(claimsLonghorn(claim({ 'volume.beta.kubernetes.io/storage-provisioner': 'driver.longhorn.io' }))).toBe(true);
  });

  it('leaves claims of another provisioner, and claims already bound to a volume', () => {
    expect(claimsLonghorn(claim({ 'volume.kubernetes.io/storage-provisioner': 'driver.harvesterhci.io' }))).toBe(false);
    expect(claimsLonghorn(claim({ 'volume.kubernetes.io/storage-provisioner': 'driver.longhorn.io' }, 'pvc-x'))).toBe(false);
  });
});
