/**
 * What the PVC tab and the VolumeSnapshots list read on each look, and when they look again: the snapshots, then the
 * host side behind them (only when there are rows; the host's id, once found, is kept), and while a snapshot is in
 * progress another look shortly (the driver sets `readyToUse` or an error). shared/refresh.ts runs the looks.
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import {
  ClassOffer, Missing, SnapshotClassLike, missingPiece, offerClasses
} from './classes';
import { HostSide, loadHostSide } from './hostSide';
import { SnapshotList, loadSnapshotList } from './listPage';
import { PanelData, loadPanel } from './loadPanel';
import { SnapshotRow, isHarvesterPvc, snapshotRows } from './rows';
import { Refresh, refresher } from '../shared/refresh';

/** How soon a snapshot in progress is looked at again. */
export const PENDING_LOOK_MS = 2000;

export type HostRead = HostSide & { hostId: string | null };

/** The next look: shortly while a snapshot is in progress, else none (a change the user makes loads again). */
export function nextLook(rows: SnapshotRow[]): number | null {
  return rows.some((r) => r.state === 'pending') ? PENDING_LOOK_MS : null;
}

const classesOf = (classes: KubeObject[]) => classes as unknown as SnapshotClassLike[];

/** The rows of the PVC tab (the claim's own snapshots). */
export function panelRows(panel: PanelData, pvc: KubeObject): SnapshotRow[] {
  return snapshotRows(panel.snapshots, classesOf(panel.classes), pvc.metadata.name);
}

export interface PanelView {
  /** The claim is one of the Harvester CSI driver's (the tab says so otherwise). */
  harvester: boolean;
  offers: ClassOffer[];
  missing: Missing;
  rows: SnapshotRow[];
}

/** What the PVC tab shows of a look (nothing before the first). */
export function describePanel(panel: PanelData | null, pvc: KubeObject): PanelView {
  if (!panel) {
    return {
      harvester: false, offers: [], missing: null, rows: []
    };
  }
  const offers = offerClasses(classesOf(panel.classes), panel.csiVersion);

  return {
    harvester: isHarvesterPvc(pvc, panel.storageClasses),
    offers,
    missing:   missingPiece({
      crd: panel.crd, offers, canCreate: panel.canCreate
    }),
    rows: panelRows(panel, pvc),
  };
}

/** The snapshot behind a row (`<namespace>/<name>`). */
export function snapshotOfRow(snapshots: KubeObject[], id: string): KubeObject | undefined {
  return snapshots.find((s) => `${ s.metadata.namespace }/${ s.metadata.name }` === id);
}

/** The rows of the cluster's list. */
export function listRows(list: SnapshotList): SnapshotRow[] {
  return snapshotRows(list.snapshots, classesOf(list.classes));
}

export interface LookSteps<T> {
  /** The snapshots read: shown at once. */
  read(value: T): void;
  /** The host side read (only when there were rows). */
  host(side: HostRead): void;
}

/** One look of the PVC tab; the next look's delay, or null. */
export async function lookAtPanel(store: StoreLike, clusterId: string, pvc: KubeObject, hostId: string | null, show: LookSteps<PanelData>): Promise<number | null> {
  const panel = await loadPanel(store, pvc.metadata.namespace || 'default');
  const rows = panelRows(panel, pvc);

  show.read(panel);
  if (isHarvesterPvc(pvc, panel.storageClasses) && rows.length) {
    show.host(await loadHostSide(store, clusterId, hostId));
  }

  return nextLook(rows);
}

/** One look of the cluster's VolumeSnapshots list; the next look's delay, or null. */
export async function lookAtList(store: StoreLike, clusterId: string, hostId: string | null, show: LookSteps<SnapshotList>): Promise<number | null> {
  const list = await loadSnapshotList(store);
  const rows = listRows(list);

  show.read(list);
  if (rows.length) {
    show.host(await loadHostSide(store, clusterId, hostId));
  }

  return nextLook(rows);
}

/**
 * A page's looks, run by one refresher: `show` receives what each look reads (nothing once the page is gone), and the
 * host's id found by the first look is reused by the next ones.
 */
export function livePage<T>(look: (hostId: string | null, steps: LookSteps<T>) => Promise<number | null>, show: LookSteps<T>): Refresh {
  let hostId: string | null = null;
  const refresh = refresher(() => look(hostId, {
    read: (value) => {
      if (!refresh.stopped) {
        show.read(value);
      }
    },
    host: (side) => {
      hostId = side.hostId;
      if (!refresh.stopped) {
        show.host(side);
      }
    },
  }));

  return refresh;
}
