/**
 * The clusters the Pod runner is the kubelet of, and what differs between them:
 * - `local`, Rancher's own cluster (Rancher mode): a node of the runner's own (`pod-runner`, registered as a kubelet
 *   registers itself) with the kubelet API the API server reads Pod logs from; the Services of the Pods it runs are
 *   routed from Rancher's server (services.ts).
 * - `bare`, k3s-bare (the set-up flow's guest, Harvester's VMs): the cluster's own Nodes, the VMs the seed records
 *   (lab/world/clusters/k3sBare.ts), whose kubelet the runner plays; each VM's network (a hostNetwork Pod's) is a
 *   network namespace where the guest's API server is on 127.0.0.1:443 and Harvester's VIP (10.10.0.10:6443,
 *   ConfigMap harvester-system/vip) reaches the host's API server, whose certificate names the VIP. Its Pods' logs
 *   are kept, but no kubelet API serves them: the API server would dial the VMs' addresses (192.168.100.x).
 */
import fs from 'node:fs';
import path from 'node:path';
import { apiUrl, clusterOf, ensureSecrets, HARVESTER_VIP } from '../../core/config';
import { KubeTarget } from '../../core/kubeClient';
import {
  addAddress, bareNodeNetns, bridgeAddresses, bridgeEnv, createNetns, deleteNetns, netnsExists, POD_NETNS
} from '../../core/netns';
import { RUN_DIR } from '../../core/paths';
import { Started, stopPids } from '../../core/processes';
import { LOCAL, RANCHER_PORTS } from '../../stack/rancher/localCluster';
import { rancherHostsFile, rancherNetns } from '../../stack/rancher/state';
import { harvesterBin } from '../../stack/harvester/components';
import { K3S_BARE_NODES } from '../../world/clusters/k3sBare';
import { isRancherBuilt, rancherBin, treeOf } from '../../stack/rancher/build';
import { RANCHER_VERSIONS } from '../../stack/rancher/versions';
import { AgentBinaries } from './agentImage';

export type SiteKey = 'local' | 'bare';

export interface NodeNetwork {
  netns: string;
  stop(): Promise<void>;
}

export interface RunnerSite {
  key: SiteKey;
  target: KubeTarget;
  /** Where the Pods' folders are (`<ns>_<pod>`), this site's alone. */
  podsDir: string;
  /** The Pods' own network namespaces are netns.ts's `<purpose><n>`. */
  podNetns: string;
  /** The nodes whose Pods it runs; `register`: the runner makes the Node (else the cluster has it). */
  nodes: string[];
  register: boolean;
  /** Its kubelet API's port, where the API server reads logs; none where the API server cannot reach it. */
  kubeletPort?: number;
  /** A hostNetwork Pod's network on `node`; none: such Pods get a network of their own, as any other. */
  nodeNetwork?(node: string): NodeNetwork;
  /** Whose network the Services of its Pods are routed into (services.ts); none: not routed. */
  services?: { clientNetns(): string | null; hostsFile: string };
  /** Harvester's provider, where it is built. */
  providerBinary?: string;
  /** Rancher's agent of each version built here (agentImage.ts), by the image's tag. */
  rancherAgents?: Record<string, AgentBinaries>;
  /** Ports of this machine each of its Pods reaches on its own 127.0.0.1 (Rancher's server-url, for its agent). */
  podPorts?: number[];
  /** Ends what the site made for its nodes (their networks). */
  stop(): Promise<void>;
}

const podsDirOf = (key: SiteKey) => (key === 'local' ? path.join(RUN_DIR, 'pods') : path.join(RUN_DIR, 'pods', clusterOf(key).name));

/** The folder of a Pod the runner of `key` runs (its volumes under `volumes/<name>/`, its logs under `logs/`). */
export const podDirOf = (key: SiteKey, namespace: string, pod: string) => path.join(podsDirOf(key), `${ namespace }_${ pod }`);

function vmNetwork(i: number): NodeNetwork {
  const bare = clusterOf('bare');
  const host = clusterOf('host');
  const ns = bareNodeNetns(i);

  createNetns(ns);
  addAddress(ns, HARVESTER_VIP);
  const bridges: Started[] = bridgeAddresses(ns, [{ inside: '443', outside: bare.apiPort }, { inside: `${ HARVESTER_VIP }:6443`, outside: host.apiPort }], ns.name, bridgeEnv());

  return {
    netns: ns.name,
    async stop() {
      await stopPids(bridges.map((b) => b.child.pid as number).filter(Boolean));
      deleteNetns(ns);
    },
  };
}

/** The agents of the Rancher versions built here (lab/stack/rancher/build.ts), with their image's run.sh. */
function builtAgents(): Record<string, AgentBinaries> {
  return Object.fromEntries(Object.values(RANCHER_VERSIONS).filter((v) => isRancherBuilt(v)).map((v) => [v.version, { agent: rancherBin(v, 'agent'), runSh: path.join(treeOf(v), 'package', 'run.sh') }]));
}

export function site(key: SiteKey): RunnerSite {
  const token = ensureSecrets().adminToken;

  if (key === 'local') {
    return {
      key,
      target:      { url: apiUrl(LOCAL), token },
      podsDir:     podsDirOf(key),
      podNetns:    POD_NETNS.local,
      nodes:       ['pod-runner'],
      register:    true,
      kubeletPort: RANCHER_PORTS.kubelet,
      services:    { clientNetns: () => (netnsExists(rancherNetns()) ? rancherNetns().name : null), hostsFile: rancherHostsFile() },
      stop:        async() => {},
    };
  }
  const provider = harvesterBin('harvester-cloud-provider');
  const networks = new Map<string, NodeNetwork>();

  return {
    key,
    target:   { url: apiUrl(clusterOf('bare')), token },
    podsDir:  podsDirOf(key),
    podNetns: POD_NETNS.bare,
    nodes:    [...K3S_BARE_NODES],
    register: false,
    nodeNetwork(node) {
      // One per VM, made when its first hostNetwork Pod starts, kept while the runner runs.
      if (!networks.has(node)) {
        networks.set(node, vmNetwork(K3S_BARE_NODES.indexOf(node as typeof K3S_BARE_NODES[number])));
      }

      return networks.get(node) as NodeNetwork;
    },
    providerBinary: fs.existsSync(provider) ? provider : undefined,
    rancherAgents:  builtAgents(),
    podPorts:       [RANCHER_PORTS.https],
    stop:           async() => {
      await Promise.all([...networks.values()].map((n) => n.stop()));
    },
  };
}
