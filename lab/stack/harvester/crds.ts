/**
 * Upstream's own CustomResourceDefinitions, where upstream ships them: Harvester's LoadBalancer and IPPool from the
 * load balancer's tree (`crds/`: no status subresource, the controller writes status with a plain update), and the
 * CSI snapshot types from the external-snapshotter client module the stack's csi module pins
 * (`client/config/crd/`). Types whose schema upstream generates at run time (KubeVirt's, from virt-operator) or keeps
 * in trees not here keep the open schemas of ../core/crds.ts, named in docs/demo-mode.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseManifests } from '../../core/apply';
import { MODULE_DIR } from '../../core/paths';
import { component, treeOf } from './components';
import { ensureUnpacked } from './build';
import type { ClusterKey } from '../../core/config';
import { crdFor } from '../../core/crds';
import { lookupType, TypeDef } from '../../simulator/core/registry';

type Obj = Record<string, any>;

const SNAPSHOT_CRDS = ['snapshot.storage.k8s.io_volumesnapshotclasses.yaml', 'snapshot.storage.k8s.io_volumesnapshotcontents.yaml', 'snapshot.storage.k8s.io_volumesnapshots.yaml'];

function readAll(dir: string, files: string[]): Obj[] {
  return files.flatMap((f) => parseManifests(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** The snapshot client module's folder in Go's module cache (downloaded through the module proxy when missing). */
export function snapshotCrdDir(): string {
  const dir = execFileSync('go', ['list', '-mod=mod', '-m', '-f', '{{.Dir}}', 'github.com/kubernetes-csi/external-snapshotter/client/v8'], { cwd: path.join(MODULE_DIR, 'stack', 'csi'), encoding: 'utf8' }).trim();

  return path.join(dir, 'config', 'crd');
}

export function loadBalancerCrds(): Obj[] {
  const lb = component('harvester-load-balancer');

  ensureUnpacked(lb);
  const dir = path.join(treeOf(lb), 'crds');

  return readAll(dir, fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort());
}

/**
 * Types Harvester's components use on the host whether or not the demo data has objects of them (the CSI driver's
 * backups and restores), with the open schemas of ../core/crds.ts: Harvester's chart holds theirs.
 */
const HOST_TYPES = ['harvesterhci.io.volumeremotebackup', 'harvesterhci.io.volumeremoterestore', 'harvesterhci.io.setting', 'kubevirt.io.virtualmachine', 'kubevirt.io.virtualmachineinstance'];

/** The CRDs a cluster of the stack serves besides those the seed's types need: upstream's, and the host's own. */
export function upstreamCrds(key: ClusterKey, withHarvester: boolean): Obj[] {
  const snapshots = readAll(snapshotCrdDir(), SNAPSHOT_CRDS);

  if (key !== 'host' || !withHarvester) {
    return snapshots;
  }

  return [...loadBalancerCrds(), ...snapshots, ...HOST_TYPES.map((id) => crdFor(lookupType(id) as TypeDef))];
}
