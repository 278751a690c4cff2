/**
 * The Harvester CSI driver's controller side in rke2-guest: the driver (v0.2.9, from ../shared/harvester) serving
 * its CSI socket as a Pod would run it (podEnv.ts: it reads the guest through `rest.InClusterConfig`), the host
 * through the same cloud-config as the cloud provider, and beside it the Kubernetes CSI sidecars from the module
 * proxy: external-provisioner (volumes, restores), csi-snapshotter (snapshots, backups) and the snapshot-controller.
 * The driver and sidecars run as the tree's `kube-system/harvester-csi` ServiceAccount (deploy/manifests: bound to
 * cluster-admin there too); the snapshot-controller with its own RBAC from its module. No node plugin: mounting
 * needs a kubelet and disks (docs/demo-mode.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { applyAll, parseManifests } from '../../core/apply';
import { bin, MODULE_DIR, RUN_DIR } from '../../core/paths';
import { StackCluster } from '../../core/config';
import { KubeTarget } from '../../core/kubeClient';
import { startAsPod } from '../../core/podEnv';
import { startProcess, Started } from '../../core/processes';
import { serviceAccountKubeconfig } from '../../core/serviceAccounts';
import { apiserverCaFile } from '../../core/controllerManager';
import { component, harvesterBin, treeOf } from './components';

const CSI_SA = { namespace: 'kube-system', name: 'harvester-csi' };
/** The guest node the driver's Pod runs on (its DaemonSet's `--nodeid`): a control-plane node of rke2-guest. */
const NODE_ID = 'rke2-guest-pool1-a';

function moduleDir(module: string): string {
  return execFileSync('go', ['list', '-mod=mod', '-m', '-f', '{{.Dir}}', module], { cwd: path.join(MODULE_DIR, 'stack', 'csi'), encoding: 'utf8' }).trim();
}

/** The CSIDriver object and the ServiceAccount with its binding, from the driver's tree. */
function driverManifests(): Record<string, any>[] {
  const file = path.join(treeOf(component('harvester-csi-driver')), 'deploy', 'manifests', 'deployment.yaml');

  return parseManifests(fs.readFileSync(file, 'utf8')).filter((o) => ['CSIDriver', 'ServiceAccount', 'ClusterRoleBinding'].includes(o.kind));
}

export function csiSocket(guest: StackCluster): string {
  return path.join(RUN_DIR, 'csi', guest.name, 'csi.sock');
}

export async function startCsi(guest: StackCluster, guestAdmin: KubeTarget, cloudConfig: string): Promise<Started[]> {
  await applyAll(guestAdmin, driverManifests());
  const snapshotRbac = path.join(moduleDir('github.com/kubernetes-csi/external-snapshotter/v8'), 'deploy', 'kubernetes', 'snapshot-controller', 'rbac-snapshot-controller.yaml');

  await applyAll(guestAdmin, parseManifests(fs.readFileSync(snapshotRbac, 'utf8')));
  const socket = csiSocket(guest);

  fs.mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
  fs.rmSync(socket, { force: true });
  const driver = await startAsPod(`harvester-csi-driver-${ guest.name }`, harvesterBin('harvester-csi-driver'), [
    `--endpoint=unix://${ socket }`, `--nodeid=${ NODE_ID }`, `--kubeconfig=${ cloudConfig }`,
  ], {
    target: guestAdmin, serviceAccount: CSI_SA, caFile: apiserverCaFile(guest), apiPort: guest.apiPort
  });
  const sidecarKc = await serviceAccountKubeconfig(guestAdmin, CSI_SA, `${ guest.name }.harvester-csi.kubeconfig`);
  const snapshotKc = await serviceAccountKubeconfig(guestAdmin, { namespace: 'kube-system', name: 'snapshot-controller' }, `${ guest.name }.snapshot-controller.kubeconfig`);
  const common = [`--csi-address=${ socket }`, `--kubeconfig=${ sidecarKc }`, '--leader-election=false', '--timeout=2m5s', '--v=2'];

  return [
    driver,
    startProcess(`csi-provisioner-${ guest.name }`, bin('csi-provisioner'), [...common, '--default-fstype=ext4', '--extra-create-metadata']),
    startProcess(`csi-snapshotter-${ guest.name }`, bin('csi-snapshotter'), [...common, '--extra-create-metadata']),
    startProcess(`snapshot-controller-${ guest.name }`, bin('snapshot-controller'), [`--kubeconfig=${ snapshotKc }`, '--leader-election=false', '--v=2']),
  ];
}
