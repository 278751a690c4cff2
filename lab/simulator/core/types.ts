/** Shapes shared by the simulator's core. Plain data only, so the state can be persisted as JSON. */

/** A Kubernetes object as the API server stores it (no Steve decorations). */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    creationTimestamp?: string;
    generateName?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    [key: string]: any;
  };
  [key: string]: any;
}

/** What a cluster is, which decides the types it serves. */
export type ClusterKind = 'local' | 'harvester' | 'guest';

export type UserName = 'admin' | 'viewer';

/** A demo user: who they are to Rancher, and which downstream clusters they are members of. */
export interface SimUser {
  name: UserName;
  /** Rancher user id, also the Kubernetes user name RBAC messages print. */
  id: string;
  displayName: string;
  password: string;
  /** `Bearer` token Rancher would accept (`token-xxxxx:secret`). */
  token: string;
  admin: boolean;
  /** Downstream clusters the user is a read-only member of (admins see everything). */
  readOnlyClusters: string[];
}

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete';

export type ChangeName = 'resource.change' | 'resource.create' | 'resource.remove';

/** One write, as watchers (sockets, tests) are told of it. `object` is the stored Kubernetes object. */
export interface ChangeEvent {
  name: ChangeName;
  cluster: string;
  type: string;
  id: string;
  object: KubeObject;
  revision: string;
}

/** The objects of one cluster, by Steve type then Steve id (`ns/name` or `name`). */
export interface ClusterState {
  id: string;
  kind: ClusterKind;
  /** The cluster's last resourceVersion; every write takes the next one. */
  revision: number;
  /**
   * Watches may not start from a revision below this one (as after an etcd compaction): they get "too old" and the
   * dashboard re-lists. Set by resets (the objects before it are gone) and by `/__sim/watch/compact`.
   */
  compacted?: number;
  objects: Record<string, Record<string, KubeObject>>;
}

export interface SeedCluster {
  id: string;
  kind: ClusterKind;
  objects: KubeObject[];
}

export interface Seed {
  clusters: SeedCluster[];
}

export type FaultResponse = 409 | 403 | 404 | 422 | 500 | 502 | 503 | 'drop' | { delayMs: number };

/** A failure injected by a test: answers the next `times` requests that match instead of (or, for delays, before) the real answer. */
export interface Fault {
  match: {
    method?: string;
    /** Substring of the request path, or a RegExp source when it starts and ends with '/'. */
    path?: string;
    cluster?: string;
    type?: string;
  };
  respond: FaultResponse;
  /** How many matching requests it answers; default 1. */
  times?: number;
}

export interface SimRequest {
  method: string;
  /** Path without the query, e.g. `/k8s/clusters/c-m-rke2g001/v1/services/default/web-pool`. */
  path: string;
  query?: URLSearchParams | Record<string, string | string[] | undefined>;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
  /** Acts as this user without credentials (msw handlers and tests). */
  user?: UserName;
}

export interface SimResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: unknown;
  /** Transport hints from faults: wait before answering, or close the connection without an answer. */
  delayMs?: number;
  drop?: boolean;
}

/** One handled request, for tests that check what the UI sent. */
export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  user: string | null;
  status: number;
}

export type ChangeListener = (ev: ChangeEvent) => void;
