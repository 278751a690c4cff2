/**
 * How the PVC tab and the VolumeSnapshots list look again at what they show (panelView.ts and listPage.ts say what each
 * look reads): the snapshots, then the host side behind them (only when there are rows; the host's id, once found, is
 * kept), and while a snapshot is in progress another look shortly (the driver sets `readyToUse` or an error), while one
 * has failed another in a while (the sidecar tries again).
 */
import { Refresh, refresher } from '../shared/refresh';
import { HostSide } from './hostSide';
import { SnapshotRow } from './rows';

/** How soon a snapshot in progress is looked at again. */
export const PENDING_LOOK_MS = 2000;

export type HostRead = HostSide & { hostId: string | null };

/**
 * How soon a failed snapshot is looked at again: its error is not final (R-VSN-19). The csi-snapshotter asks the driver
 * again with a back-off (1 s doubling to 5 min), and the snapshot controller clears the error once it is ready: the
 * Harvester driver answers "host snap … is not ready" whenever it is asked before Harvester's snapshot is.
 */
export const FAILED_LOOK_MS = 10000;

/**
 * The next look: shortly while a snapshot is in progress or being deleted, less often while one has failed, else none
 * (a change the user makes loads again).
 */
export function nextLook(rows: SnapshotRow[]): number | null {
  if (rows.some((r) => r.state === 'pending' || r.state === 'deleting')) {
    return PENDING_LOOK_MS;
  }

  return rows.some((r) => r.state === 'failed') ? FAILED_LOOK_MS : null;
}

export interface LookSteps<T> {
  /** The snapshots read: shown at once. */
  read(value: T): void;
  /** The host side read (only when there were rows). */
  host(side: HostRead): void;
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
