import { getObject, storeObject } from '../../../lab/simulator/core/state';
import SelectField from '@pkg/controls/SelectField.vue';
import WorkloadSpread from '@pkg/topology/WorkloadSpread.vue';
import { demoStore, Locale } from '../../harness/store';
import { mountWithStore, settle } from '../../harness/mount';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { useDemoServer } from '../../harness/demoServer';

const { state } = useDemoServer();

async function mountSpread(locale: Locale = 'en-us') {
  const store = await demoStore(RKE2_GUEST.id, locale);
  const nodes = (await store.dispatch('cluster/request', { url: store.getters['cluster/urlFor']('node') })).data;
  const wrapper = mountWithStore(WorkloadSpread, store, { props: { nodes } });

  await settle();

  return wrapper;
}

async function pick(wrapper: any, key: string) {
  wrapper.findComponent(SelectField).vm.$emit('update:value', key);
  await settle();
}

const cells = (table: any) => table.findAll('tbody tr').map((tr: any) => tr.findAll('td').map((td: any) => td.text().trim()));

describe('WorkloadSpread on the demo rke2 guest', () => {
  it('offers the cluster’s Deployments and StatefulSets', async() => {
    const wrapper = await mountSpread();
    const values = wrapper.findComponent(SelectField).props('options').map((o: any) => o.label);

    expect(values).toStrictEqual(expect.arrayContaining(['default/web (Deployment)', 'default/api (Deployment)']));
  });

  it('counts web’s pods per zone next to its zone constraint', async() => {
    const wrapper = await mountSpread();

    await pick(wrapper, 'apps.deployment:default/web');
    const [zones, constraints] = wrapper.findAll('table');

    expect(cells(zones)).toStrictEqual([['us-east-1a', '1'], ['us-east-1b', '1'], ['us-west-1a', '2']]);
    expect(cells(constraints)).toStrictEqual([[
      'topology.kubernetes.io/zone', '1', 'DoNotSchedule', '1', 'Met (skew 1 ≤ 1)', 'us-east-1a: 1, us-east-1b: 1, us-west-1a: 2'
    ]]);
    expect(wrapper.find('[data-testid="topology-spread-counts"]').text()).toBe('0 on nodes without a zone label, 0 not scheduled');
  });

  it('says when a workload has no constraints', async() => {
    const wrapper = await mountSpread();

    await pick(wrapper, 'apps.deployment:default/api');
    expect(wrapper.text()).toContain('This workload has no topology spread constraints');
    // api runs on the unlabelled node e and the drifted node f.
    expect(wrapper.find('[data-testid="topology-spread-counts"]').text()).toBe('1 on nodes without a zone label, 0 not scheduled');
  });

  it('shows an unmet constraint, in Chinese', async() => {
    const pod = getObject(state, RKE2_GUEST.id, 'pod', 'default/web-7d9c5b8f6d-m4hzt') as any;

    // Two more web pods on node c: us-east-1a 1, us-east-1b 1, us-west-1a 4.
    ['extra-1', 'extra-2'].forEach((name) => storeObject(state, RKE2_GUEST.id, 'pod', {
      ...pod,
      metadata: {
        ...pod.metadata, name, uid: undefined
      },
      spec: { ...pod.spec, nodeName: 'rke2-guest-pool1-c' }
    }));
    const wrapper = await mountSpread('zh-hans');

    await pick(wrapper, 'apps.deployment:default/web');
    const [, constraints] = wrapper.findAll('table');

    expect(cells(constraints)[0][4]).toBe('不满足（偏差 3 > 1）');
  });
});
