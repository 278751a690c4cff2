/**
 * What a compat flow runs against: the dashboard's address and a way to read and change what the server holds,
 * whichever server it is — the simulator (`rancher-<version>` projects), the simulator in front of the real stack
 * (`rancher-2.15-real`), or Rancher's own server with its agents and the real stack (`rancher-<version>-server`,
 * tests/compat/server). The flows are written once against this; a flow that needs what only the simulator can do
 * (faults, its controllers stepped, its state) reads `simulated` and skips elsewhere, saying why.
 */
import type { KubeObject } from '../simulator/core/types';
import type { StackInfo } from '../stack/stack';
import type { SimClient } from './simClient';
import type { SimServer } from '../simulator/server';
import type { SimState } from '../simulator/core/state';

export type BackendKind = 'simulator' | 'real' | 'rancher';

export interface CompatClient {
  /** An object as the server stores it (the simulator's state, or the real kube-apiserver's), or null. */
  object(cluster: string, type: string, id: string): Promise<KubeObject | null>;
  objects(cluster: string, type: string): Promise<KubeObject[]>;
  /** Sets a scene through Steve as the admin (a change made elsewhere): GET, change, PUT. */
  steveUpdate(cluster: string, type: string, id: string, change: (obj: any) => void): Promise<void>;
}

export interface CompatBackend {
  kind: BackendKind;
  /** The dashboard's base URL: <origin>/dashboard */
  dashboard: string;
  client: CompatClient;
  /**
   * The simulator's own control API (its request log, faults, controllers), when the server is the simulator; the
   * simClient fixture hands it to the flows that need it, on the simulator alone.
   */
  simClient?: SimClient;
  /** The Rancher version the server says it is (`/rancherversion`). */
  rancherVersion: string;
  /** The admin's API token on this server (for setting scenes through its API; never for what a flow checks). */
  adminToken: string;
  /** A request to the server's API (`/k8s/clusters/…`, `/v1/…`) as the admin, as curl or kubectl would send it. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The real stack behind it, when there is one. */
  stack?: StackInfo;
  /** The simulator, when the backend is one: faults, its controllers, its state. */
  simulated?: CompatSim;
  /**
   * A kubeconfig for the clusters as the user gets one (Rancher's own server: "Download KubeConfig", a new token and
   * the cluster proxy; the simulator: its Kubernetes API), its context named after the cluster. Absent where kubectl
   * would not reach what the dashboard shows (the simulator in front of the real stack).
   */
  kubeconfig?(cluster: string): Promise<string>;
  /**
   * Waits until the server would let a page of the clusters load (Rancher's own server: both clusters Connected);
   * the fixtures' pages call it before each `goto`. Absent where the clusters are always there (the simulator).
   */
  ready?(): Promise<void>;
  /** Clusters a flow has taken down on purpose (an outage): `ready` does not wait for them while they are here. */
  down?: Set<string>;
  /** Back to the demo data, with the extension installed unless told otherwise. */
  reset(installed?: boolean): Promise<void>;
  close(): Promise<void>;
}

/** A reason to skip a flow that needs the simulator itself, for `test.skip(…)`. */
export function needsSimulator(b: CompatBackend, what: string): [boolean, string] {
  return [!b.simulated, `${ what }: only the simulator can do that (this project runs on ${ b.kind === 'rancher' ? 'Rancher\'s own server' : b.kind })`];
}

/** The simulator as a backend: itself is what `simulated` gives. */
export interface CompatSim extends CompatBackend {
  kind: 'simulator' | 'real';
  /** The dashboard's base URL: http://127.0.0.1:<port>/dashboard */
  dashboard: string;
  /** Reads the truth: in real mode the stack's clusters from their kube-apiservers (./stackClient.ts). */
  client: CompatClient;
  simClient: SimClient;
  server: SimServer;
  state: SimState;
  rancherVersion: string;
  /** Real mode: the stack whose Steve and kube-apiserver serve rke2-guest and harvester-host. */
  stack?: StackInfo;
  /**
   * Back to the seeded demo data, with the extension installed unless told otherwise. In real mode the real
   * clusters too: what a test made is deleted and what it changed put back (lab/stack/baseline.ts), then Harvester's
   * controllers settle — a fresh start with them takes about a minute; the fresh start stays the fallback.
   */
  reset(installed?: boolean): Promise<void>;
}
