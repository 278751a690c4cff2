/**
 * What a flow may need that not every backend gives, and the reason it is skipped where it is missing (said in the
 * run's summary, lib/summaryReporter.ts). A flow declares it with `test.skip(...needs(sim, WHAT))` or, for the
 * simulator's control API, by asking for the `simClient` fixture (fixtures.ts).
 */
import type { CompatBackend } from '../../lab/backends/backend';

export const SIMULATOR_API = 'needs the simulator\'s control API (faults, its controllers stepped, its request log, its stored objects)';
export const SIMULATED_CLUSTERS = 'needs the demo\'s simulated clusters (k3s-guest, plain-cluster, the scale guests), which the real stack and Rancher\'s server do not have';

export const MARKUP_ONLY = 'checks the extension\'s own markup (axe), the same on every backend: run against the simulator (rancher-2.15), not again in front of the real stack';

/** [skip, reason] for `test.skip(...)`: the backend is not the simulator alone. */
export function needsSimulatorAlone(sim: CompatBackend, why = SIMULATED_CLUSTERS): [boolean, string] {
  return [sim.kind !== 'simulator', why];
}

/**
 * The flows whose extension points differ by Rancher version, run on every dashboard build (2.12–2.15, next) and on
 * Rancher's 2.15 and 2.13 servers; every other flow runs on 2.15's build and the real stack, and on Rancher 2.15's
 * server when it is about that server (SERVER below) (playwright.config.ts). Tagged so: the Add-on Config's tabs and
 * the built-in one it replaces, the Service list's columns (client-side on 2.12, server-side paginated on 2.13+), the
 * edit page paths, the side menu's conditions, the StorageClass editor taken from the dashboard, the
 * VolumeSnapshotClass page, the Extensions page.
 */
export const VERSIONS = { tag: '@versions' } as const;

/**
 * The flows about what Rancher's own server does that the simulated Rancher in front of the real stack does not
 * (sessions and logins, cluster membership and roles, its cluster proxy to Steve and to Harvester, kubeconfigs), and
 * Harvester's real controllers seen through that proxy: with the `@versions` ones, they are what runs against Rancher's
 * own servers (2.15 and 2.13). Every other flow reads the same real kube-apiserver and Steve in rancher-2.15-real, so
 * running it again through Rancher's proxy adds minutes, not another real component.
 */
export const SERVER = { tag: '@server' } as const;

/**
 * A `@server` flow that also runs on Rancher 2.13's server: the logout rule, which issue 34 asks of both servers, and
 * Way 1 of the air-gapped install (Import Extension Catalog), which issue 36 asks of both.
 */
export const EVERY_SERVER = { tag: ['@server', '@every-server'] };
