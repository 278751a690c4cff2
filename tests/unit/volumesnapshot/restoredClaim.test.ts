/**
 * R-VSN-14 in the PVC tab, against the Steve simulator with its CSI driver stepped by the test: after a restore the
 * tab shows the new PVC (a link to its page), Pending and why, then Bound, and stops looking; a claim of a
 * WaitForFirstConsumer class says it waits for a Pod, and the looking stops when the tab goes away.
 */
import { RouterLinkStub } from '@vue/test-utils';
import SelectField from '@pkg/controls/SelectField.vue';
import { BINDING_POLL_MS } from '@pkg/volumesnapshot/binding';
import { CSI_ON_STEP, startControllers } from '../../../lab/simulator/controllers';
import { ControllerRuntime } from '../../../lab/simulator/controllers/runtime';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { storeObject } from '../../../lab/simulator/core/state';
import { openForm, submit, tabOn } from './tab';
import { useDemoServer } from '../../harness/demoServer';
import { until } from '../../harness/mount';

const demo = useDemoServer();
const { requestsSince, state } = demo;
const { open } = tabOn(demo);

const RESTORED = 'data-db-0-snapshot-20261120093000-restore';
const CLAIM_READ = `GET /k8s/clusters/${ RKE2_GUEST.id }/v1/persistentvolumeclaims/default/${ RESTORED }`;
const HELD = 424242;

let controllers: ControllerRuntime;
let held: (() => void)[];
let cleared: jest.SpyInstance;

beforeEach(() => {
  controllers = startControllers(state, CSI_ON_STEP);
  held = [];
  // The tab's next look at the claim is held here instead of waiting BINDING_POLL_MS; `next()` runs it.
  const realSetTimeout = global.setTimeout;

  jest.spyOn(global, 'setTimeout').mockImplementation(((fn: () => void, ms?: number, ...args: unknown[]) => {
    if (ms === BINDING_POLL_MS) {
      held.push(fn);

      return HELD;
    }

    return realSetTimeout(fn, ms, ...args);
  }) as typeof setTimeout);
  cleared = jest.spyOn(global, 'clearTimeout');
});
afterEach(() => {
  jest.restoreAllMocks();
  controllers.stop();
});

const text = (w: any, id: string) => w.find(`[data-testid="${ id }"]`).text();

async function restore(w: any, storageClass?: string) {
  await openForm(w, '[data-testid="pvc-snapshot-row-data-db-0-snapshot-20261120093000"] [data-testid="pvc-snapshot-restore"]', '[data-testid="volume-restore-form"]');
  if (storageClass) {
    w.findAllComponents(SelectField).find((s: any) => s.attributes('data-testid') === 'volume-restore-class')?.vm.$emit('update:value', storageClass);
  }
  await submit(w, '[data-testid="volume-restore-form"]');
  await until(() => w.find('[data-testid="pvc-restored-phase"]').exists(), 'the restored claim');
}

/** Runs the held look at the claim; done when it shows `phase` and, unless Bound, has held its next look. */
async function next(w: any, phase: string) {
  const poll = held.shift();

  expect(poll).toBeDefined();
  poll?.();
  await until(() => w.find('[data-testid="pvc-restored-phase"]').text() === phase && (phase === 'Bound' || held.length > 0), phase);
  await w.vm.$nextTick();
}

describe('R-VSN-14 the restored PVC in the tab', () => {
  it('links the new PVC, shows it Pending with why, then Bound, and then stops looking', async() => {
    const { wrapper } = await open(undefined, undefined, { RouterLink: RouterLinkStub });

    await restore(wrapper);
    const link = wrapper.findAllComponents(RouterLinkStub).find((l) => l.attributes('data-testid') === 'pvc-restored-link');

    expect(link?.text()).toBe(RESTORED);
    expect(link?.props('to')).toEqual({
      name:   'c-cluster-product-resource-namespace-id',
      params: {
        cluster: RKE2_GUEST.id, product: 'explorer', resource: 'persistentvolumeclaim', namespace: 'default', id: RESTORED
      }
    });
    expect(text(wrapper, 'pvc-restored-phase')).toBe('Pending');
    expect(text(wrapper, 'pvc-restored-reason')).toBe('Waits for its volume to be made and bound.');
    expect(held).toHaveLength(1);

    expect(controllers.step()).toBeGreaterThan(0);
    const mark = state.requests.length;

    await next(wrapper, 'Bound');
    expect(text(wrapper, 'pvc-restored')).toContain(RESTORED);
    expect(held).toHaveLength(0);
    expect(requestsSince(mark).filter((r) => r === CLAIM_READ)).toHaveLength(1);
  });

  it('a class that binds on first consumer: waits for a Pod that uses it, in Chinese too; unmounting stops the looking', async() => {
    storeObject(state, RKE2_GUEST.id, 'storage.k8s.io.storageclass', {
      apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'harvester-wffc' }, provisioner: 'driver.harvesterhci.io', volumeBindingMode: 'WaitForFirstConsumer'
    });
    const { wrapper } = await open('zh-hans');

    await restore(wrapper, 'harvester-wffc');
    controllers.step();
    await next(wrapper, '等待绑定（Pending）');
    expect(text(wrapper, 'pvc-restored-reason')).toContain('等待使用它的 Pod');
    expect(held).toHaveLength(1);

    wrapper.unmount();
    expect(cleared).toHaveBeenCalledWith(HELD);
  });
});
