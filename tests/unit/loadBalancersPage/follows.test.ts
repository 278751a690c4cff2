/**
 * Issue 34: after an outage the Load Balancers page stayed stale (Pending for 95 s and more after the address came)
 * while the Service's own page recovered. The page now follows what it shows: it looks again soon while a row waits
 * for its address, rarely once all are Active, keeps its rows when a look is not answered, and stops when closed.
 */
import { demoSeed } from '../../../lab/world/seed';
import { RKE2_GUEST, SERVICES } from '../../../lab/world/ids';
import { getObject, storeObject } from '../../../lab/simulator/core/state';
import {
  LbPageModel, LbPageState, nextLookMs, SETTLED_LOOK_MS, WAITING_LOOK_MS
} from '@pkg/loadBalancersPage/pageModel';
import { DEFAULT_CONTROLS } from '@pkg/loadBalancersPage/listControls';
import { until } from '../../harness/mount';
import { useDemoServer } from '../../harness/demoServer';
import { demoStore } from '../../harness/store';

const demo = useDemoServer(demoSeed([]));
const PENDING = SERVICES.pendingNetwork;

async function openPage(delays = { waiting: 30, settled: 60000 }) {
  const store = await demoStore(RKE2_GUEST.id);
  let shown: Partial<LbPageState> = {};
  const model = new LbPageModel(store, RKE2_GUEST.id, (patch) => {
    shown = { ...shown, ...patch };
  }, delays);
  const address = (name: string) => (shown.services || []).find((s) => s.metadata.name === name)?.status?.loadBalancer?.ingress?.[0]?.ip;

  await model.open({ page: 1, controls: DEFAULT_CONTROLS });
  await until(() => shown.host !== undefined && !!shown.services?.length, 'the first page');

  return {
    model, address, shown: () => shown
  };
}

/** What Harvester's controllers and kube-vip do once the load balancer controller is back: the address arrives. */
function addressArrives(name: string, ip: string): void {
  const svc = getObject(demo.state, RKE2_GUEST.id, 'service', `default/${ name }`) as any;

  storeObject(demo.state, RKE2_GUEST.id, 'service', { ...svc, status: { loadBalancer: { ingress: [{ ip }] } } });
}

describe('the Load Balancers page follows its Services', () => {
  it('shows an address that arrives while it is open, without a reload', async() => {
    const page = await openPage();

    expect(page.address(PENDING)).toBeUndefined();
    addressArrives(PENDING, '192.168.100.77');
    await until(() => page.address(PENDING) === '192.168.100.77', 'the new address on the open page');
    page.model.close();
  });

  it('keeps the rows it shows when a look is not answered, and shows the next answer', async() => {
    const page = await openPage();
    const before = page.shown().services?.length;

    demo.state.faults.push({
      match: { method: 'GET', path: `/k8s/clusters/${ RKE2_GUEST.id }/v1/services` }, respond: 503, times: 2
    });
    addressArrives(PENDING, '192.168.100.78');
    await until(() => page.address(PENDING) === '192.168.100.78', 'the answer after the failed looks');
    expect(page.shown().services?.length).toBe(before);
    page.model.close();
  });

  it('stops looking once closed', async() => {
    const page = await openPage();

    page.model.close();
    const mark = demo.mark();

    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(demo.requestsSince(mark)).toEqual([]);
  });

  it('looks soon while a load balancer waits or a host may come back, rarely once all are Active', () => {
    const active = { metadata: { name: 'a' }, status: { loadBalancer: { ingress: [{ ip: '10.0.0.1' }] } } } as any;
    const waiting = { metadata: { name: 'w' }, status: {} } as any;
    const host = {
      lbs: [], pools: [], clusterName: null
    };

    expect(nextLookMs([active, waiting], host, null)).toBe(WAITING_LOOK_MS);
    expect(nextLookMs([active], host, null)).toBe(SETTLED_LOOK_MS);
    expect(nextLookMs([active], null, 'unreachable')).toBe(WAITING_LOOK_MS);
    expect(nextLookMs([active], null, 'forbidden')).toBe(SETTLED_LOOK_MS);
  });
});
