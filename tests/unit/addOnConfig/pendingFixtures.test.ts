/**
 * The Pending explanations against what the real components said: each pattern of addOnConfig/pendingReasons.ts
 * matches a message recorded from cloud-provider-harvester v0.2.7 and load-balancer-harvester v1.8.2
 * (tests/fixtures/harvester-messages, `npm run record-messages`), or is listed below with the reason it cannot be:
 * another version's text, or one of these versions' texts that no scenario of the controller differential
 * (tests/real/controllers/scenarios.ts) gives yet. A recorded message is explained by its own cause, never "unknown"
 * unless it is listed as shown verbatim.
 */
import fs from 'node:fs';
import path from 'node:path';
import { explainMessage, PATTERNS } from '@pkg/addOnConfig/pendingReasons';

const FIXTURES = path.resolve(__dirname, '../../fixtures/harvester-messages');
// The load balancer's components (the CSI driver's messages explain volumes, not load balancers).
const RECORDED: string[] = fs.readdirSync(FIXTURES).filter((f) => /^(cloud-provider|load-balancer)-harvester-.*\.json$/.test(f))
  .flatMap((f) => JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')).messages.map((m: { text: string }) => m.text));
const PREFIX = 'Error syncing load balancer: failed to ensure load balancer: ';

/**
 * Each pattern's `// from:` comment in pendingReasons.ts (a comment, so the entry chunk does not carry it), in the
 * patterns' order, with the cause of the pattern under it.
 */
const SOURCE = fs.readFileSync(path.resolve(__dirname, '../../../pkg/harvester-cloud-ui/addOnConfig/pendingReasons.ts'), 'utf8');
const FROM = [...SOURCE.matchAll(/\/\/ from: (.+)\n\s*\{\s*cause:\s*'(\w+)'/g)].map((m) => ({ from: m[1].trim(), cause: m[2] }));
const WITH_FROM = PATTERNS.map((p, i) => ({ ...p, from: FROM[i]?.from }));

/** Texts of versions the stack does not run (provider v0.2.7 and lb v1.8.2 are what it builds from ../shared/harvester). */
const OTHER_VERSIONS: [string, string][] = [
  ['noMatchingPool', 'lb v0.2–v0.3 selectIPPool'],
  ['healthCheckPort', 'provider v0.1.5 getNodePort'],
  ['healthCheckPort', 'provider v0.1.5 extractHealthCheck'],
  ['healthCheckValue', 'provider v0.1.5 getAnnotationValue'],
  ['timeout', 'provider v0.1.5 EnsureLoadBalancer'],
];

/** Texts of the versions here, from their source, that no scenario gives yet (each names what would give it). */
const NOT_YET_RECORDED: [string, string, string][] = [
  ['noCommonMapping', 'provider v0.2.7 resolveNetworkInterface', 'a NAD mapping ConfigMap that maps nothing'],
  ['mappingMalformed', 'provider v0.2.7 GetNADInterfaceMapping', 'a NAD mapping ConfigMap that is not JSON'],
  ['primaryFormat', 'provider v0.2.7 getPrimaryService', 'a primary-service annotation without "/"'],
  ['primaryNotFound', 'provider v0.2.7 getPrimaryService', 'a primary that does not exist'],
  ['primaryIsSecondary', 'provider v0.2.7 getPrimaryService', 'a primary that is itself a secondary'],
  ['primaryInUse', 'provider v0.2.7 checkSecondaryServicesBeforeDeleted', 'deleting a primary that secondaries use'],
  // The API server's words around the provider's: asserted against the real text by the outage flow instead.
  ['webhookDown', 'provider v0.2.7 createOrUpdateLoadBalancer', 'the load balancer webhook stopped (tests/flows/real/outagesLoadBalancer.real.spec.ts sees the real text)'],
];

const recorded = (re: RegExp) => RECORDED.some((t) => re.test(t));
const listed = (cause: string, from: string) => [...OTHER_VERSIONS, ...NOT_YET_RECORDED].some(([c, f]) => c === cause && f === from);

describe('the Pending explanations and the real components\' messages', () => {
  it('reads a `// from:` above every pattern, in order', () => {
    expect(FROM.map((f) => f.cause)).toEqual(PATTERNS.map((p) => p.cause));
  });

  it('has recorded messages to check against', () => {
    expect(RECORDED.length).toBeGreaterThan(5);
  });

  it.each(WITH_FROM.map((p) => [p.cause, p.from, p.re] as const))('%s (%s) matches a recorded message, or is listed', (cause, from, re) => {
    expect({
      cause, from, recorded: recorded(re) || listed(cause, from)
    }).toEqual({
      cause, from, recorded: true
    });
  });

  it('lists as other versions only texts that are not provider v0.2.7\'s or lb v1.8.2\'s', () => {
    OTHER_VERSIONS.forEach(([, from]) => expect(from).not.toMatch(/provider v0\.2\.7|lb v1\.8\.2/));
    NOT_YET_RECORDED.forEach(([, from]) => expect(from).toMatch(/provider v0\.2\.7|lb v1\.8\.2/));
  });

  // An excuse outlives its reason once a scenario records the text: then the pattern is checked, not excused.
  it('excuses as not yet recorded no pattern that a recorded message now matches', () => {
    const stale = NOT_YET_RECORDED.filter(([cause, from]) => WITH_FROM.some((p) => p.cause === cause && p.from === from && recorded(p.re)));

    expect(stale.map(([cause, from]) => `${ cause } (${ from })`)).toEqual([]);
  });

  it('lists nothing that is not a pattern', () => {
    [...OTHER_VERSIONS, ...NOT_YET_RECORDED].forEach(([cause, from]) => expect(WITH_FROM.some((p) => p.cause === cause && p.from === from)).toBe(true));
  });

  // What the page tells a user from each recorded failure: a cause, except the transient API answers shown verbatim.
  const VERBATIM = [/ not found$/, /the object has been modified/];

  it.each(RECORDED.filter((t) => !VERBATIM.some((v) => v.test(t))))('explains "%s"', (text) => {
    expect(explainMessage(text.replace(PREFIX, '')).cause).not.toBe('unknown');
  });
});
