/**
 * Issue 26: why a guest's Harvester host is not known to the user, so each page can say it (the demo's viewer is a
 * read-only member of rke2-guest and k3s-guest, and no member of harvester-host).
 */
import { decideHost, lookUpHost } from '@pkg/environment/hostCluster';
import { HARVESTER_HOST, K3S_GUEST, RKE2_GUEST } from '../../../lab/world/ids';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';

const demo = useDemoServer();

describe('which Harvester cluster hosts a guest, or why that is not known', () => {
  it('the cloud credential names it; else the one Harvester cluster Rancher shows the user', () => {
    expect(decideHost('c-h', null)).toEqual({
      id: 'c-h', unknown: null, visible: null
    });
    expect(decideHost(null, ['c-h'])).toEqual({
      id: 'c-h', unknown: null, visible: 1
    });
    expect(decideHost('unreadable', ['c-h'])).toEqual({
      id: 'c-h', unknown: null, visible: 1
    });
  });

  it('a credential the user may not read and no Harvester cluster shown: not a member; nothing named: none shown; several', () => {
    expect(decideHost('unreadable', []).unknown).toBe('notMember');
    expect(decideHost(null, []).unknown).toBe('noneVisible');
    expect(decideHost(null, ['a', 'b'])).toEqual({
      id: null, unknown: 'several', visible: 2
    });
    expect(decideHost('unreadable', ['a', 'b']).unknown).toBe('several');
  });

  it('on the demo: the admin finds harvester-host; the viewer is no member of it', async() => {
    expect(await lookUpHost(await demoStore(RKE2_GUEST.id), RKE2_GUEST.id)).toMatchObject({ id: HARVESTER_HOST.id, unknown: null });
    demo.as('viewer');
    expect(await lookUpHost(await demoStore(RKE2_GUEST.id), RKE2_GUEST.id)).toEqual({
      id: null, unknown: 'notMember', visible: 0
    });
    // The K3s guest names no credential: Rancher shows the viewer no Harvester cluster at all.
    expect(await lookUpHost(await demoStore(K3S_GUEST.id), K3S_GUEST.id)).toEqual({
      id: null, unknown: 'noneVisible', visible: 0
    });
  });
});
