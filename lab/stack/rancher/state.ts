/**
 * What the Rancher part of a stack leaves in its run directory: `rancher.json` (pids, version, cluster ids; no
 * credentials), the admin's Rancher API token in secrets/ (0600), and its network namespaces. Kept apart from
 * start.ts so the stack's stop (../stack.ts) can stop Rancher without loading how it is started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CLUSTERS, ClusterKey, StackCluster } from '../../core/config';
import {
  deleteNetns, deleteNetnsOf, Netns, netnsFor, POD_NETNS
} from '../../core/netns';
import { RUN_DIR } from '../../core/paths';
import { isAlive, stopPids } from '../../core/processes';

export interface RancherInfo {
  version: string;
  url: string;
  pids: number[];
  /** The same processes by name (lab/core/stackParts.ts finds a part of Rancher's by it). */
  processes?: { name: string; pid: number }[];
  startedAt: string;
  /** Rancher's management cluster id of each stack cluster (c-m-…). */
  clusters: Record<ClusterKey, string>;
  viewerId: string;
  /** False while it starts: the pids are recorded as they start, so a stop finds them whatever happened. */
  ready: boolean;
}

export const rancherFile = () => path.join(RUN_DIR, 'rancher.json');
export const adminTokenFile = () => path.join(RUN_DIR, 'secrets', 'rancher-admin.token');
/** The clusters' objects as the tests first saw them after this Rancher started (tests/compat/server). */
export const baselineFile = () => path.join(RUN_DIR, 'rancher', 'test-baseline.json');

/** Rancher's namespace (index 8) and one per agent (9, 10); the lead's parts use the low indexes. */
export const rancherNetns = (): Netns => netnsFor('rancher', 8);
/** Rancher's /etc/hosts (bound over it in its mount namespace): the Pod runner adds the Services' names (lab/standins/pods/services.ts). */
export const rancherHostsFile = () => path.join(RUN_DIR, 'rancher', 'hosts');

export function agentNetns(c: StackCluster): Netns {
  return netnsFor(`agent${ c.key[0] }`, c.key === 'guest' ? 9 : 10);
}

export function readRancherInfo(): RancherInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(rancherFile(), 'utf8')) as RancherInfo;

    return info.ready && info.pids.every(isAlive) ? info : null;
  } catch (e) {
    return null;
  }
}

/** The admin's Rancher API token of the running Rancher (for the tests; never printed). */
export function rancherAdminToken(): string {
  return fs.readFileSync(adminTokenFile(), 'utf8').trim();
}

export function deleteRancherNetns(): void {
  for (const ns of [rancherNetns(), ...CLUSTERS.map(agentNetns)]) {
    deleteNetns(ns);
  }
}

/** Stops what startRancher started (agents and Rancher first, the local API server last). */
export async function stopRancher(): Promise<boolean> {
  let info: RancherInfo | null = null;

  try {
    info = JSON.parse(fs.readFileSync(rancherFile(), 'utf8'));
  } catch (e) {}
  if (info) {
    await stopPids([...info.pids].reverse());
  }
  deleteRancherNetns();
  // What Rancher's Pods (helm operations, the catalog's) left if its Pod runner ended while one was starting.
  deleteNetnsOf(POD_NETNS.local);
  fs.rmSync(rancherFile(), { force: true });

  return !!info;
}
