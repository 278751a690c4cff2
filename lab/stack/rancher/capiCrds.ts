/**
 * Cluster API's CRDs in Rancher's local cluster. Rancher 2.13+ defers its downstream node controllers (the node
 * syncer that makes management Nodes, which the agent's redeploy with its features waits for) until the
 * `cluster.x-k8s.io` CRDs are established (pkg/wrangler/capi.go, capiCRDsReady). In a real install a chart that
 * runs in Pods brings them (rancher-turtles); here they are applied from the cluster-api module at the version
 * Rancher's go.mod pins, out of Go's module cache (the Rancher build downloaded it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { applyAll, parseManifests, waitCrdsEstablished } from '../../core/apply';
import { KubeTarget } from '../../core/kubeClient';
import { RANCHER_TOOLS, treeOf } from './build';
import { RancherVersion } from './versions';

function capiModuleDir(v: RancherVersion): string {
  const out = execFileSync('go', ['mod', 'download', '-json', `-modfile=${ path.join(RANCHER_TOOLS, v.version, 'mod', 'go.mod') }`, 'sigs.k8s.io/cluster-api'], {
    cwd:      treeOf(v),
    encoding: 'utf8',
    env:      {
      ...process.env, GOWORK: 'off', GOFLAGS: '-mod=mod'
    }
  });

  return JSON.parse(out).Dir;
}

export async function applyCapiCrds(v: RancherVersion, local: KubeTarget): Promise<void> {
  const dir = path.join(capiModuleDir(v), 'config', 'crd', 'bases');
  const crds = fs.readdirSync(dir).filter((f) => f.startsWith('cluster.x-k8s.io_')).flatMap((f) => parseManifests(fs.readFileSync(path.join(dir, f), 'utf8')));

  await applyAll(local, crds);
  await waitCrdsEstablished(local, crds.map((c) => c.metadata.name));
}
