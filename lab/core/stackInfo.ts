/**
 * What stack.json records of a running stack (../stack.ts writes it; `npm run stack`, the tests and Rancher's start
 * read it), and the admin's target for one of its clusters.
 */
import { ClusterKey } from './config';
import { KubeTarget } from './kubeClient';

export interface StackClusterInfo {
  clusterId: string;
  name: string;
  /** kube-apiserver, https (self-signed) */
  api: string;
  /** Steve, http on loopback */
  steve: string;
  kubeconfig: string;
}

export interface StackInfo {
  pids: number[];
  /** The same processes by name, in the same order (a stack.json written before had only `pids`). */
  processes?: { name: string; pid: number }[];
  startedAt: string;
  /** The token of the stack's admin (system:masters): only for the stack's own parts, never logged. */
  adminToken: string;
  /** The token the stack's Steves let in (never logged); missing in a stack.json written before Steve asked for one. */
  steveToken?: string;
  clusters: Record<ClusterKey, StackClusterInfo>;
  versions: Record<string, string>;
  /** Harvester's own controllers run (built from ../shared/harvester); otherwise the seed's state stands. */
  harvester?: boolean;
  /** The stand-in of Harvester's API server (../harvester/apiServer.ts), plain http on loopback, when it runs. */
  harvesterApi?: string;
  /** The bearer token it answers (its own, not the stack admin's). */
  harvesterApiToken?: string;
}

export function kubeTarget(info: StackInfo, key: ClusterKey): KubeTarget {
  return { url: info.clusters[key].api, token: info.adminToken };
}
