/**
 * The messages Harvester's components gave in the controller scenarios, kept as fixtures named with component and
 * version (tests/fixtures/harvester-messages/<component>-<version>.json): the service controller's
 * SyncLoadBalancerFailed events carry cloud-provider-harvester's errors (and, inside them, the load balancer's Ready
 * message), a host LoadBalancer's Ready condition carries load-balancer-harvester's, the CSI sidecars' Warning events
 * and a VolumeSnapshot's error carry harvester-csi-driver's. Values that change per run
 * (addresses, the CRC suffix of a LoadBalancer's name) are replaced by markers. `RECORD_MESSAGES=1` (npm run
 * record-messages) writes them, with the builds they came from (module, version and the archive's commit) and the
 * date; otherwise the check goes both ways: a message the fixtures lack, an entry of a scenario that ran which the
 * components no longer give, and fixtures recorded from other builds are each returned as a difference.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildsOf } from './builds';
import type { Snapshot } from './snapshot';

export const FIXTURE_DIR = path.resolve(__dirname, '../../fixtures/harvester-messages');
const PROVIDER = 'cloud-provider-harvester-v0.2.7';
const LB = 'load-balancer-harvester-v1.8.2';
const CSI = 'harvester-csi-driver-v0.2.9';

export interface RecordedMessage { scenario: string; where: string; text: string }

const seen: Record<string, RecordedMessage[]> = {
  [PROVIDER]: [], [LB]: [], [CSI]: []
};
/** The scenarios whose messages were looked at in this run: only their fixture entries can be missed. */
const ran = new Set<string>();

/** The builds each component's messages pass through (the CSI driver's through the sidecars). */
const BUILDS: Record<string, string[]> = {
  [PROVIDER]: ['harvester-cloud-provider'],
  [LB]:       ['harvester-load-balancer'],
  [CSI]:      ['harvester-csi-driver', 'csi-provisioner', 'csi-snapshotter', 'snapshot-controller'],
};

export interface MessageFixture { component: string; recordedBy: string; recordedAt?: string; builds?: Record<string, string>; messages: RecordedMessage[] }

export function normaliseMessage(text: string): string {
  return text.replace(/\b\d+\.\d+\.\d+\.\d+\b/g, '<ip>').replace(/-[0-9a-f]{8}\b/g, '-<crc>');
}

export function recordMessages(scenario: string, real: Snapshot): void {
  ran.add(scenario);
  for (const lines of Object.values(real.events) as string[][]) {
    for (const line of lines) {
      const m = /^Warning SyncLoadBalancerFailed: (.*)$/.exec(line);

      if (m) {
        seen[PROVIDER].push({
          scenario, where: 'Service event SyncLoadBalancerFailed', text: normaliseMessage(m[1])
        });
      }
    }
  }
  for (const lb of Object.values(real.loadBalancers) as any[]) {
    for (const c of lb.status?.conditions || []) {
      if (c.message) {
        seen[LB].push({
          scenario, where: `LoadBalancer condition ${ c.type }`, text: normaliseMessage(c.message)
        });
      }
    }
  }
}

/** The CSI driver's errors as the sidecars pass them on: Warning events on PVCs and VolumeSnapshots, a snapshot's error. */
export function recordCsiMessages(scenario: string, real: { guest: Record<string, any>; events: string[] }): void {
  ran.add(scenario);
  for (const line of real.events) {
    const m = /^(\S+) \S+ Warning (\S+): (.*)$/.exec(line);

    if (m) {
      seen[CSI].push({
        scenario, where: `${ m[1] } event ${ m[2] }`, text: normaliseMessage(m[3])
      });
    }
  }
  for (const [name, o] of Object.entries(real.guest)) {
    if (name.startsWith('snapshot ') && o.error) {
      seen[CSI].push({
        scenario, where: 'VolumeSnapshot status.error', text: normaliseMessage(o.error)
      });
    }
  }
}

function fixtureFile(component: string): string {
  return path.join(FIXTURE_DIR, `${ component }.json`);
}

function readFile(component: string): MessageFixture | null {
  try {
    return JSON.parse(fs.readFileSync(fixtureFile(component), 'utf8'));
  } catch (e) {
    return null;
  }
}

export function readFixture(component: string): RecordedMessage[] {
  return readFile(component)?.messages || [];
}

const key = (m: RecordedMessage) => `${ m.where }\t${ m.text }`;

/** What a fixture no longer matches: entries of the scenarios that ran that nothing gave, and other builds. */
export function staleIn(fixture: MessageFixture | null, given: RecordedMessage[], ranScenarios: Set<string>, builds: Record<string, string>): string[] {
  if (!fixture) {
    return [];
  }
  const keys = new Set(given.map(key));
  const out = fixture.messages.filter((m) => ranScenarios.has(m.scenario) && !keys.has(key(m)))
    .map((m) => `${ fixture.component } (${ m.scenario }): no longer given: ${ m.text }`);

  if (JSON.stringify(fixture.builds || {}) !== JSON.stringify(builds)) {
    out.push(`${ fixture.component }: recorded from ${ JSON.stringify(fixture.builds || 'builds not recorded') } (${ fixture.recordedAt || 'no date' }); this run has ${ JSON.stringify(builds) }: npm run record-messages`);
  }

  return out;
}

/** Writes the fixtures (RECORD_MESSAGES=1) or returns each difference from them, both ways. */
export function checkOrRecord(versions: Record<string, string>): string[] {
  const differences: string[] = [];

  for (const [component, messages] of Object.entries(seen)) {
    const unique = [...new Map(messages.map((m) => [key(m), m])).values()].sort((a, b) => a.text.localeCompare(b.text));
    const builds = buildsOf(BUILDS[component], versions);

    if (process.env.RECORD_MESSAGES) {
      fs.mkdirSync(FIXTURE_DIR, { recursive: true });
      const fixture: MessageFixture = {
        component, recordedBy: 'npm run record-messages', recordedAt: new Date().toISOString().slice(0, 10), builds, messages: unique
      };

      fs.writeFileSync(fixtureFile(component), `${ JSON.stringify(fixture, null, 2) }\n`);
    } else {
      const known = new Set(readFixture(component).map(key));

      differences.push(...unique.filter((m) => !known.has(key(m))).map((m) => `${ component } (${ m.scenario }): ${ m.text }`));
      differences.push(...staleIn(readFile(component), messages, ran, builds));
    }
  }

  return differences;
}
