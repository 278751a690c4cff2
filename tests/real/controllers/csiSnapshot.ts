/**
 * What a CSI scenario left behind, as the differential compares it: the guest's PVCs (phase, size, modes, source)
 * with the provisioner's events, its VolumeSnapshots (ready, size, error), and on the host the volumes, snapshots and
 * backups the driver made for them. Names carrying a guest object's uid (`pvc-<uid>`, `snapshot-<uid>`,
 * `snapcontent-<uid>`) get the guest object's name instead; timestamps go.
 */
import { Backend, items } from './backend';

type Obj = Record<string, any>;

export interface CsiSnapshot { guest: Obj; events: string[]; host: Obj }

export async function takeCsiSnapshot(b: Backend, ns: string): Promise<CsiSnapshot> {
  const claims = items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/persistentvolumeclaims`));
  const snaps = items(await b.request('guest', 'GET', `/apis/snapshot.storage.k8s.io/v1/namespaces/${ ns }/volumesnapshots`));
  const names = new Map<string, string>([...claims.map((o) => [o.metadata.uid, `<pvc:${ o.metadata.name }>`]), ...snaps.map((o) => [o.metadata.uid, `<snapshot:${ o.metadata.name }>`])] as [string, string][]);
  const fix = (text: string) => [...names].reduce((t, [uid, n]) => t.split(uid).join(n), text);
  const deep = (v: unknown) => JSON.parse(fix(JSON.stringify(v)));
  const mine = (name: string) => [...names.keys()].some((uid) => name.endsWith(uid));
  const uids = new Set(names.keys());
  const events = items(await b.request('guest', 'GET', `/api/v1/namespaces/${ ns }/events`)).filter((e) => uids.has(e.involvedObject?.uid));
  const hostPvcs = items(await b.request('host', 'GET', '/api/v1/namespaces/default/persistentvolumeclaims')).filter((p) => mine(p.metadata.name));
  const hostSnaps = items(await b.request('host', 'GET', '/apis/snapshot.storage.k8s.io/v1/namespaces/default/volumesnapshots')).filter((s) => mine(s.metadata.name));
  const backups = items(await b.request('host', 'GET', '/apis/harvesterhci.io/v1beta1/namespaces/default/volumeremotebackups')).filter((s) => mine(s.metadata.name));

  return deep({
    guest: {
      ...Object.fromEntries(claims.map((c) => [c.metadata.name, {
        phase: c.status?.phase, capacity: c.status?.capacity, accessModes: c.spec.accessModes, dataSource: c.spec.dataSource, class: c.spec.storageClassName
      }])),
      ...Object.fromEntries(snaps.map((s) => [`snapshot ${ s.metadata.name }`, {
        readyToUse: s.status?.readyToUse, restoreSize: s.status?.restoreSize, error: s.status?.error?.message, content: s.status?.boundVolumeSnapshotContentName
      }])),
    },
    events: [...new Set(events.map((e) => `${ e.involvedObject.kind } ${ e.involvedObject.name } ${ e.type } ${ e.reason }: ${ e.message }`))].sort(),
    host:   {
      ...Object.fromEntries(hostPvcs.map((p) => [`pvc ${ p.metadata.name }`, {
        class: p.spec.storageClassName, accessModes: p.spec.accessModes, size: p.spec.resources?.requests?.storage, dataSource: p.spec.dataSource, phase: p.status?.phase
      }])),
      ...Object.fromEntries(hostSnaps.map((s) => [`snapshot ${ s.metadata.name }`, {
        source: s.spec.source, class: s.spec.volumeSnapshotClassName, readyToUse: s.status?.readyToUse
      }])),
      ...Object.fromEntries(backups.map((s) => [`backup ${ s.metadata.name }`, { spec: s.spec, success: s.status?.success }])),
    },
  });
}
