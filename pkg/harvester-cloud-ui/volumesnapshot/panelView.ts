/** What the PVC tab reads on each look and shows of it (liveViews.ts runs the looks). */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import {
  ClassOffer, Missing, SnapshotClassLike, missingPiece, offerClasses
} from './classes';
import { loadHostSide } from './hostSide';
import { LookSteps, nextLook } from './liveViews';
import { PanelData, loadPanel } from './loadPanel';
import { SnapshotRow, isHarvesterPvc, snapshotRows } from './rows';
import { DeniedAction, deniedActions } from './access';
import { JustMade } from './justMade';

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
  /** The actions the user's role does not allow (said as a list); none while the resource itself is missing. */
  denied: DeniedAction[];
  rows: SnapshotRow[];
}

/** What the PVC tab shows of a look (nothing before the first). */
export function describePanel(panel: PanelData | null, pvc: KubeObject): PanelView {
  if (!panel) {
    return {
      harvester: false, offers: [], missing: null, denied: [], rows: []
    };
  }
  const offers = offerClasses(classesOf(panel.classes), panel.csiVersion);

  return {
    harvester: isHarvesterPvc(pvc, panel.storageClasses),
    offers,
    missing:   missingPiece({ schemaWhy: panel.schemaWhy, offers }),
    denied:    panel.crd ? deniedActions(panel.actions) : [],
    rows:      panelRows(panel, pvc),
  };
}

/** The snapshot behind a row (`<namespace>/<name>`). */
export function snapshotOfRow(snapshots: KubeObject[], id: string): KubeObject | undefined {
  return snapshots.find((s) => `${ s.metadata.namespace }/${ s.metadata.name }` === id);
}

/** One look of the PVC tab (with the snapshots just taken here that the read lacks); the next look's delay, or null. */
export async function lookAtPanel(
  store: StoreLike, clusterId: string, pvc: KubeObject, hostId: string | null, show: LookSteps<PanelData>, made?: JustMade
): Promise<number | null> {
  const read = await loadPanel(store, pvc.metadata.namespace || 'default');
  const panel = made ? { ...read, snapshots: made.merge(read.snapshots) } : read;
  const rows = panelRows(panel, pvc);

  show.read(panel);
  if (isHarvesterPvc(pvc, panel.storageClasses) && rows.length) {
    show.host(await loadHostSide(store, clusterId, hostId));
  }

  return nextLook(rows);
}
