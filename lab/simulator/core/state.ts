import { ChangeFeed } from './changeFeed';
import { newUid, steveId } from './ids';
import { typeOfObject } from './registry';
import {
  ChangeEvent, ChangeListener, ChangeName, ClusterState, Fault, KubeObject, RequestLogEntry, Seed, SimResponse, UserName
} from './types';

/** Where resourceVersions start, so they look like a live cluster's rather than "1". */
const FIRST_REVISION = 1000;

export type SimControlHandler = (method: string, segments: string[], body: unknown) => SimResponse;

export interface SimState {
  clusters: Record<string, ClusterState>;
  /** Failures to inject into coming requests (see control/faults.ts). Tests push to it directly. */
  faults: Fault[];
  /** Every handled request, oldest first, for tests that check what the UI sent. */
  requests: RequestLogEntry[];
  /** Login sessions: `R_SESS` cookie value -> user. */
  sessions: Record<string, UserName>;
  /** The seed the state was built from, for `/__sim/reset`. */
  readonly seed: Seed;
  /**
   * Control APIs other parts of the simulator add under `/__sim/<name>/…` (the controllers' `step`, `migrate`,
   * `pools`), so the Steve core needs not know them.
   */
  controls: Record<string, SimControlHandler>;
  on(event: 'change', listener: ChangeListener): () => void;
  off(event: 'change', listener: ChangeListener): void;
  /** @internal the feed writes are announced on */
  readonly feed: ChangeFeed;
}

/** Serialised form of a state (for `--state <file>`). */
export interface StateSnapshot {
  format: 'harvester-cloud-ui-sim/1';
  clusters: Record<string, ClusterState>;
  sessions: Record<string, UserName>;
}

function clone<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}

/**
 * Seeded events name their object by kind, namespace and name; Kubernetes' event recorder also copies its uid
 * (client-go `tools/reference.GetReference`), which clients filter on (Steve indexes `involvedObject.uid`).
 */
function linkEventUids(cluster: ClusterState): void {
  Object.values(cluster.objects.event || {}).forEach((e) => {
    const io = e.involvedObject;
    const t = io && !io.uid ? typeOfObject({ apiVersion: io.apiVersion || 'v1', kind: io.kind }) : undefined;
    const target = t ? cluster.objects[t.id]?.[io.namespace ? `${ io.namespace }/${ io.name }` : io.name] : undefined;

    if (target) {
      io.uid = target.metadata.uid;
    }
  });
}

function clustersFromSeed(seed: Seed): Record<string, ClusterState> {
  const clusters: Record<string, ClusterState> = {};
  // One timestamp for the whole seed: objects look like they were created a day ago.
  const created = new Date(Date.now() - 24 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, 'Z');

  for (const c of seed.clusters) {
    const cluster: ClusterState = {
      id: c.id, kind: c.kind, revision: FIRST_REVISION, objects: {}
    };

    for (const raw of c.objects) {
      const t = typeOfObject(raw);

      if (!t) {
        throw new Error(`seed: no type for ${ raw.apiVersion } ${ raw.kind } ${ raw.metadata?.name } in cluster ${ c.id }`);
      }
      if (!t.scopes.includes(c.kind)) {
        throw new Error(`seed: type ${ t.id } does not exist in ${ c.kind } cluster ${ c.id }`);
      }
      const obj = clone(raw);

      cluster.revision++;
      obj.metadata.uid = obj.metadata.uid || newUid(`${ c.id }/${ t.id }/${ steveId(obj) }`);
      obj.metadata.creationTimestamp = obj.metadata.creationTimestamp || created;
      obj.metadata.resourceVersion = `${ cluster.revision }`;
      obj.metadata.generation = obj.metadata.generation || 1;
      (cluster.objects[t.id] = cluster.objects[t.id] || {})[steveId(obj)] = obj;
    }
    linkEventUids(cluster);
    clusters[c.id] = cluster;
  }

  return clusters;
}

function makeState(seed: Seed, clusters: Record<string, ClusterState>, sessions: Record<string, UserName>): SimState {
  const feed = new ChangeFeed();

  return {
    clusters,
    faults:   [],
    requests: [],
    sessions,
    seed,
    feed,
    controls: {},
    on:       (_event, listener) => feed.on(listener),
    off:      (_event, listener) => feed.off(listener),
  };
}

/** A fresh in-memory Rancher: every cluster of the seed with its objects, resourceVersions assigned in order. */
export function createState(seed: Seed): SimState {
  return makeState(seed, clustersFromSeed(seed), {});
}

/** Restores a state saved with `snapshotState`; the seed is kept for `/__sim/reset`. */
export function restoreState(seed: Seed, snapshot: StateSnapshot): SimState {
  if (snapshot?.format !== 'harvester-cloud-ui-sim/1' || !snapshot.clusters) {
    throw new Error('not a simulator state file');
  }

  return makeState(seed, clone(snapshot.clusters), clone(snapshot.sessions || {}));
}

export function snapshotState(state: SimState): StateSnapshot {
  return {
    format: 'harvester-cloud-ui-sim/1', clusters: state.clusters, sessions: state.sessions
  };
}

/** Puts the seed's objects back (keeping listeners), with revisions above the old ones so watchers resync. */
export function resetState(state: SimState): void {
  const fresh = clustersFromSeed(state.seed);

  for (const [id, c] of Object.entries(fresh)) {
    const before = state.clusters[id]?.revision || 0;

    c.revision = Math.max(c.revision, before + 1);
    // The old objects' history no longer applies: a watch from before the reset must re-list.
    c.compacted = c.revision;
  }
  state.clusters = fresh;
  state.faults.length = 0;
  state.requests.length = 0;
}

/** Like etcd compaction: watches from a revision before now get "too old" (tests drive the dashboard's resync). */
export function compactHistory(state: SimState): void {
  for (const c of Object.values(state.clusters)) {
    c.compacted = c.revision;
  }
}

export function getCluster(state: SimState, clusterId: string): ClusterState | undefined {
  return state.clusters[clusterId];
}

export function getObject(state: SimState, clusterId: string, type: string, id: string): KubeObject | undefined {
  return state.clusters[clusterId]?.objects[type]?.[id];
}

export function listObjects(state: SimState, clusterId: string, type: string): KubeObject[] {
  return Object.values(state.clusters[clusterId]?.objects[type] || {});
}

function announce(state: SimState, name: ChangeName, cluster: ClusterState, type: string, obj: KubeObject): void {
  const ev: ChangeEvent = {
    name, cluster: cluster.id, type, id: steveId(obj), object: clone(obj), revision: `${ cluster.revision }`
  };

  state.feed.emit(ev);
}

/**
 * Stores an object as the API server would after validation: next resourceVersion of its cluster, then tells
 * watchers. Returns the stored object.
 */
export function storeObject(state: SimState, clusterId: string, type: string, obj: KubeObject): KubeObject {
  const cluster = state.clusters[clusterId];

  if (!cluster) {
    throw new Error(`no cluster ${ clusterId }`);
  }
  const id = steveId(obj);
  const existed = !!cluster.objects[type]?.[id];

  cluster.revision++;
  obj.metadata.resourceVersion = `${ cluster.revision }`;
  (cluster.objects[type] = cluster.objects[type] || {})[id] = obj;
  announce(state, existed ? 'resource.change' : 'resource.create', cluster, type, obj);

  return obj;
}

export function deleteObject(state: SimState, clusterId: string, type: string, id: string): KubeObject | undefined {
  const cluster = state.clusters[clusterId];
  const obj = cluster?.objects[type]?.[id];

  if (!cluster || !obj) {
    return undefined;
  }
  delete cluster.objects[type][id];
  cluster.revision++;
  // A deleted object's last version is the deletion's revision, as in a Kubernetes DELETED watch event.
  obj.metadata.resourceVersion = `${ cluster.revision }`;
  announce(state, 'resource.remove', cluster, type, obj);

  return obj;
}
