/**
 * The CSI driver's errors the PVC tab explains (volumesnapshot/explain.ts, rules R-VSN-5..7, R-VSC-3, R-RWX-5) against
 * what the real driver v0.2.9 said in the controller differential's CSI scenarios (tests/fixtures/harvester-messages,
 * `npm run record-messages`): each explanation is given to a recorded message, or is listed below with why no
 * scenario here can record it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { explainSnapshotError } from '@pkg/volumesnapshot/explain';

const FIXTURE = path.resolve(__dirname, '../../fixtures/harvester-messages/harvester-csi-driver-v0.2.9.json');
const RECORDED: { where: string; text: string }[] = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')).messages;
const K = 'harvesterVolumeSnapshot.error';

/** Explanations no scenario of this stack can record, and why. */
const NOT_RECORDABLE: Record<string, string> = {
  [`${ K }.driverTooOld`]: 'CreateSnapshot answers Unimplemented only before driver v0.2.4; ../shared/harvester has v0.2.9',
  [`${ K }.hostSnapshot`]: 'the host snapshot fails only when Longhorn cannot take it: the Longhorn stand-in always can',
  [`${ K }.hostClass`]:    'needs Harvester\'s csi-driver-config without the host volume\'s provisioner, which Harvester always has for Longhorn',
  [`${ K }.rwx`]:          'needs a host with RWX volumes (networkfs-manager\'s NetworkFilesystem CRD, Longhorn RWX): without them the driver refuses ReadWriteMany before it looks at the snapshot (recorded: "access mode MULTI_NODE_MULTI_WRITER is not supported")',
};

describe('the PVC tab\'s explanations and the real CSI driver\'s messages', () => {
  const snapshotErrors = RECORDED.filter((m) => m.where === 'VolumeSnapshot status.error').map((m) => m.text);

  it('has recorded the driver\'s snapshot errors', () => {
    expect(snapshotErrors.length).toBeGreaterThan(0);
  });

  for (const key of ['driverTooOld', 'backupTarget', 'hostSnapshot', 'hostClass', 'rwx'].map((k) => `${ K }.${ k }`)) {
    it(`${ key }: given to a recorded message, or not recordable here`, () => {
      const recorded = RECORDED.some((m) => explainSnapshotError(m.text)?.key === key);

      expect(recorded || key in NOT_RECORDABLE).toBe(true);
      expect(recorded && key in NOT_RECORDABLE).toBe(false);
    });
  }
});
