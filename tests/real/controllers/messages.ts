/**
 * The messages Harvester's components gave in the controller scenarios, kept as fixtures named with component and
 * version (tests/fixtures/harvester-messages/<component>-<version>.json): the service controller's
 * SyncLoadBalancerFailed events carry cloud-provider-harvester's errors (and, inside them, the load balancer's Ready
 * message), a host LoadBalancer's Ready condition carries load-balancer-harvester's, the CSI sidecars' Warning events
 * and a VolumeSnapshot's error carry harvester-csi-driver's. Values that change per run
 * (addresses, the CRC suffix of a LoadBalancer's name) are replaced by markers. `RECORD_MESSAGES=1` (npm run
 * record-messages) writes them; otherwise a message the fixtures lack is returned as a difference.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Snapshot } from './snapshot';

export const FIXTURE_DIR = path.resolve(__dirname, '../../fixtures/harvester-messages');
const PROVIDER = 'cloud-provider-harvester-v0.2.7';
const LB = 'load-balancer-harvester-v1.8.2';
const CSI = 'harvester-csi-driver-v0.2.9';

export interface RecordedMessage { scenario: string; where: string; text: string }

const seen: Record<string, RecordedMessage[]> = {
  [PROVIDER]: [], [LB]: [], [CSI]: []
};

export function normaliseMessage(text: string): string {
  return text.replace(/\b\d+\.\d+\.\d+\.\d+\b/g, '<ip>').replace(/-[0-9a-f]{8}\b/g, '-<crc>');
}

export function recordMessages(scenario: string, real: Snapshot): void {
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

export function readFixture(component: string): RecordedMessage[] {
  try {
    return JSON.parse(fs.readFileSync(fixtureFile(component), 'utf8')).messages;
  } catch (e) {
    return [];
  }
}

/** Writes the fixtures (RECORD_MESSAGES=1) or returns each message they lack. */
export function checkOrRecord(): string[] {
  const missing: string[] = [];

  for (const [component, messages] of Object.entries(seen)) {
    const unique = [...new Map(messages.map((m) => [`${ m.where }\t${ m.text }`, m])).values()].sort((a, b) => a.text.localeCompare(b.text));

    if (process.env.RECORD_MESSAGES) {
      fs.mkdirSync(FIXTURE_DIR, { recursive: true });
      fs.writeFileSync(fixtureFile(component), `${ JSON.stringify({
        component, recordedBy: 'npm run record-messages', messages: unique
      }, null, 2) }\n`);
    } else {
      const known = new Set(readFixture(component).map((m) => `${ m.where }\t${ m.text }`));

      missing.push(...unique.filter((m) => !known.has(`${ m.where }\t${ m.text }`)).map((m) => `${ component } (${ m.scenario }): ${ m.text }`));
    }
  }

  return missing;
}
