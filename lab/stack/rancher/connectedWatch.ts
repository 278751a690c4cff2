/**
 * Rancher's Connected condition, watched while the flows run on its server (issue 37: "drops a cluster for one round
 * about every 10 minutes"). Rancher marks a cluster disconnected when one ping through the agent's Steve tunnel
 * (`stv-cluster-<id>`) fails: `pkg/controllers/management/clusterconnected` hasSession, every 15 s, no retry, and
 * nothing logged. The agent's end of that tunnel sends the ids of its open connections every 60 s from the session's
 * start (remotedialer `session.go` startPings, SyncConnectionsInterval), and Rancher's end closes every connection it
 * holds that the list lacks (`session_sync.go` compareAndCloseStaleConnections): one it opened a moment before
 * included, which the agent had not registered yet (rancher/remotedialer#150). So a drop the sync caused falls a whole
 * number of minutes after its session began. Each drop is printed with that offset; the session starts are Rancher's
 * own log lines ("Handling backend connection request [stv-cluster-<id>]", second precision, the machine's UTC).
 */
import { HARVESTER_HOST, RKE2_GUEST } from '../../world/ids';

export interface Drop {
  cluster: string;
  /** When Rancher set Connected=False (its condition's lastUpdateTime), ms since the epoch. */
  at: number;
  /** When the watch saw it True again (ms), 0 while it is still down. */
  back: number;
}

export const WATCHED = [RKE2_GUEST.id, HARVESTER_HOST.id];
/** Both times are whole seconds (Rancher's log, the condition): the sync's moment is within this of a minute's turn. */
export const SYNC_SLACK_S = 2;
/** A drop longer than this outlasted one check round: an outage (a flow stopped a part), not the one-round drop. */
export const ONE_ROUND_S = 20;

/** The times (ms) Rancher's log says each cluster's Steve tunnel session began, by cluster id. */
export function sessionStarts(rancherLog: string): Record<string, number[]> {
  const starts: Record<string, number[]> = {};

  for (const m of rancherLog.matchAll(/^(\d{4})\/(\d\d)\/(\d\d) (\d\d):(\d\d):(\d\d) \[INFO\] Handling backend connection request \[stv-cluster-([^\]]+)\]/gm)) {
    const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);

    (starts[m[7]] = starts[m[7]] || []).push(Date.UTC(y, mo - 1, d, h, mi, s));
  }

  return starts;
}

export interface Reading {
  drop: Drop;
  /** Seconds the cluster was down (null while down). */
  seconds: number | null;
  /** Seconds from the session's start to the drop, and that modulo 60; null when no session began before it. */
  sinceSession: number | null;
  offset: number | null;
  atSync: boolean;
}

export function readDrop(drop: Drop, starts: number[]): Reading {
  const session = starts.filter((t) => t <= drop.at).pop();
  const sinceSession = session === undefined ? null : Math.round((drop.at - session) / 1000);
  const offset = sinceSession === null ? null : sinceSession % 60;

  return {
    drop,
    seconds: drop.back ? Math.round((drop.back - drop.at) / 1000) : null,
    sinceSession,
    offset,
    atSync:  offset !== null && sinceSession !== null && sinceSession >= 60 && (offset <= SYNC_SLACK_S || offset >= 60 - SYNC_SLACK_S),
  };
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The summary lines: each drop, and how many of the one-round drops fell on a sync. */
export function describe(drops: Drop[], starts: Record<string, number[]>, minutes: number): string[] {
  const readings = drops.map((d) => readDrop(d, starts[d.cluster] || []));
  // Only a drop of one round is the unexplained kind; an outage's offset from the sync says nothing.
  const oneRound = (r: Reading) => r.seconds !== null && r.seconds <= ONE_ROUND_S;
  const short = readings.filter(oneRound);
  const lines = [`[rancher] Connected watch, ${ minutes.toFixed(1) } min: ${ drops.length } drop(s), ${ short.length } of one round, ${ short.filter((r) => r.atSync).length } of them at the tunnel's connection sync`];

  for (const r of readings) {
    const kind = r.seconds === null ? 'still down' : r.seconds > ONE_ROUND_S ? `${ r.seconds } s: an outage` : `${ r.seconds } s: one round`;
    const where = r.sinceSession === null ? 'no Steve tunnel session before it in Rancher\'s log' : `${ r.sinceSession } s after its Steve tunnel session began (${ r.offset } s past a minute${ oneRound(r) ? `: ${ r.atSync ? 'at a connection sync' : 'not at a sync' }` : '' })`;

    lines.push(`  ${ r.drop.cluster } Connected=False at ${ clock(r.drop.at) } for ${ kind }; ${ where }`);
  }

  return lines;
}

type Read = (cluster: string) => Promise<{ status?: string; lastUpdateTime?: string } | null>;

/** Polls each cluster's Connected condition every `everyMs` until `stop()`, which returns the drops seen. */
export function watchConnected(read: Read, everyMs = 1000): { stop: () => Promise<Drop[]> } {
  const drops: Drop[] = [];
  const open: Record<string, Drop> = {};
  const state = { running: true };
  const loop = (async() => {
    while (state.running) {
      for (const cluster of WATCHED) {
        // Rancher itself restarting (a flow's outage) answers nothing: that round is skipped.
        const c = await read(cluster).catch(() => null);

        if (c?.status === 'False' && !open[cluster]) {
          const at = Date.parse(c.lastUpdateTime || '') || Date.now();

          open[cluster] = {
            cluster, at, back: 0
          };
          drops.push(open[cluster]);
        } else if (c?.status === 'True' && open[cluster]) {
          open[cluster].back = Date.now();
          delete open[cluster];
        }
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();

  return {
    async stop() {
      state.running = false;
      await loop;

      return drops;
    },
  };
}
