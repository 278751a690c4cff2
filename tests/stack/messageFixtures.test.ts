/**
 * The recorded messages are checked both ways (issue 37): a fixture entry of a scenario that ran and that the real
 * components no longer gave is a difference, and so is a fixture recorded from other builds.
 */
import { MessageFixture, staleIn } from '../real/controllers/messages';

const BUILDS = { 'harvester-cloud-provider': 'github.com/harvester/harvester-cloud-provider v0.2.7 (../shared/harvester) commit 9771f7e' };
const entry = (scenario: string, text: string) => ({
  scenario, where: 'Service event SyncLoadBalancerFailed', text
});
const fixture: MessageFixture = {
  component: 'cloud-provider-harvester-v0.2.7', recordedBy: 'npm run record-messages', recordedAt: '2026-11-29', builds: BUILDS, messages: [entry('pool exhausted', 'no IP left'), entry('port overlap', 'port 80 has been used')]
};

describe('staleIn', () => {
  it('flags a recorded message its scenario no longer gives', () => {
    expect(staleIn(fixture, [entry('pool exhausted', 'no IP left')], new Set(['pool exhausted', 'port overlap']), BUILDS)).toEqual([
      'cloud-provider-harvester-v0.2.7 (port overlap): no longer given: port 80 has been used'
    ]);
  });

  it('leaves the entries of scenarios that did not run, and a message given by another scenario counts', () => {
    expect(staleIn(fixture, [entry('sharing', 'no IP left')], new Set(['pool exhausted']), BUILDS)).toEqual([]);
  });

  it('flags fixtures recorded from other builds, or with none recorded', () => {
    const given = fixture.messages;
    const ranAll = new Set(['pool exhausted', 'port overlap']);

    expect(staleIn(fixture, given, ranAll, { 'harvester-cloud-provider': 'v0.2.8' })).toHaveLength(1);
    expect(staleIn({ ...fixture, builds: undefined }, given, ranAll, BUILDS)[0]).toMatch(/builds not recorded/);
    expect(staleIn(fixture, given, ranAll, BUILDS)).toEqual([]);
  });
});
