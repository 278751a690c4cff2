/**
 * The cluster's VolumeSnapshots list (Storage group) mounted against the Steve simulator's demo: rke2-guest has
 * data-db-0's two ready snapshots; plain-cluster does not run on Harvester. Missing CRDs, no list permission and an
 * unreachable cluster are said on the page, never a blank one (docs/harvester-rules.md R-VSN-9).
 */
import { RouterLinkStub } from '@vue/test-utils';
import SnapshotsPage from '@pkg/volumesnapshot/SnapshotsPage.vue';
import { byNamespaceFilter, loadSnapshotList, schemaState } from '@pkg/volumesnapshot/listPage';
import { mountWithStore, settle, until } from '../../harness/mount';
import { demoStore, Locale } from '../../harness/store';
import { HARVESTER_HOST, K3S_GUEST, PLAIN_CLUSTER, RKE2_GUEST } from '../../../lab/world/ids';
import { deleteObject, storeObject } from '../../../lab/simulator/core/state';
import { useDemoServer } from '../../harness/demoServer';

const demo = useDemoServer();
const { requestsSince, state } = demo;

const SNAPS = `/k8s/clusters/${ RKE2_GUEST.id }/v1/snapshot.storage.k8s.io.volumesnapshot`;

async function open(clusterId: string = RKE2_GUEST.id, locale?: Locale, prepare: (store: any) => void = () => undefined) {
  const store = await demoStore(clusterId, locale);

  prepare(store);
  const wrapper = mountWithStore(SnapshotsPage, store, { global: { stubs: { RouterLink: RouterLinkStub } } });

  await settle(12);

  return wrapper;
}

const text = (w: any, sel: string) => w.find(sel).text().replace(/\s+/g, ' ');
const dropSchema = (store: any) => {
  const schema = store.getters['cluster/schemaFor']('snapshot.storage.k8s.io.volumesnapshot');

  store.commit('cluster/remove', schema);
};

describe('VolumeSnapshots list', () => {
  it('lists every snapshot of the cluster with the PVC tab\'s columns and a link to the source PVC\'s tab', async() => {
    const w = await open();
    const row = text(w, '[data-testid="snapshots-row-default-data-db-0-snapshot-20261120093000"]');

    expect(row).toContain('default');
    expect(row).toContain('data-db-0');
    expect(row).toContain('Ready');
    expect(row).toContain('10Gi');
    expect(row).toContain('harvester-snapshot');
    expect(row).toContain('Local snapshot');
    expect(text(w, '[data-testid="snapshots-row-default-data-db-0-backup-20261121093000"]')).toContain('Backup');
    const link = w.findAllComponents(RouterLinkStub)[0].props('to');

    expect(link).toMatchObject({
      name:   'c-cluster-product-resource-namespace-id',
      params: {
        resource: 'persistentvolumeclaim', namespace: 'default', id: 'data-db-0'
      },
      hash: '#harvester-volume-snapshots'
    });
  });

  it('shows the host object behind each snapshot, as the PVC tab does, from one read of the host for the whole page (R-VSN-12)', async() => {
    for (const name of ['web-1', 'web-2', 'web-3']) {
      storeObject(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshot', {
        apiVersion: 'snapshot.storage.k8s.io/v1', kind: 'VolumeSnapshot', metadata: { name, namespace: 'apps' }, spec: { source: { persistentVolumeClaimName: 'web' }, volumeSnapshotClassName: 'harvester-snapshot' }, status: { readyToUse: true, restoreSize: '1Gi' }
      });
    }
    const mark = state.requests.length;
    const w = await open();
    const host = (id: string) => text(w, `[data-testid="snapshots-row-${ id }"] [data-testid="pvc-snapshot-host"]`);

    await until(() => host('default-data-db-0-snapshot-20261120093000') !== '', 'the host side');
    expect(host('default-data-db-0-snapshot-20261120093000')).toMatch(/VolumeSnapshot default\/snapshot-9a0e1f7c-1b2d-4c3e-8f4a-000000000191 · Ready/);
    expect(host('apps-web-1')).toBe('Not found on the host');
    const hostReads = requestsSince(mark).filter((r) => r.startsWith(`GET /k8s/clusters/${ HARVESTER_HOST.id }/`));

    // 5 rows, one read of each host list: no request per row.
    expect(w.findAll('[data-testid="pvc-snapshot-host"]')).toHaveLength(5);
    expect(hostReads.map((r) => r.split('?')[0]).sort()).toEqual([
      `GET /k8s/clusters/${ HARVESTER_HOST.id }/v1/harvesterhci.io.setting/backup-target`,
      `GET /k8s/clusters/${ HARVESTER_HOST.id }/v1/harvesterhci.io.volumeremotebackup`,
      `GET /k8s/clusters/${ HARVESTER_HOST.id }/v1/snapshot.storage.k8s.io.volumesnapshot`,
    ]);
  });

  it('says "not readable" in the host column when the host is not (403), why once above the table, and still lists', async() => {
    state.faults.push({ match: { method: 'GET', path: `/k8s/clusters/${ HARVESTER_HOST.id }/v1/snapshot.storage.k8s.io.volumesnapshot` }, respond: 403 });
    const w = await open(RKE2_GUEST.id, 'zh-hans');

    await until(() => w.find('[data-testid="snapshots-page-host-state"]').exists(), 'the host state');
    expect(text(w, '[data-testid="snapshots-page-host-state"]')).toBe('你无权读取 Harvester 主机上的快照：不显示快照在主机上的对象。');
    expect(w.findAll('[data-testid="pvc-snapshot-host"]').map((c: any) => c.text())).toEqual(['无法读取', '无法读取']);
  });

  it('explains a failed snapshot with the driver\'s words kept as text, in Chinese too', async() => {
    storeObject(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshot', {
      apiVersion: 'snapshot.storage.k8s.io/v1',
      kind:       'VolumeSnapshot',
      metadata:   { name: 'web-backup', namespace: 'apps' },
      spec:       { source: { persistentVolumeClaimName: 'web' }, volumeSnapshotClassName: 'harvester-backup' },
      status:     { readyToUse: false, error: { message: 'rpc error: code = Internal desc = VolumeRemoteBackup snapcontent-1 is not ready <b>x</b>' } },
    });
    const w = await open(RKE2_GUEST.id, 'zh-hans');
    const row = w.find('[data-testid="snapshots-row-apps-web-backup"]');

    expect(row.text()).toContain('失败');
    expect(row.find('[data-testid="snapshots-row-error"]').text()).toContain('VolumeRemoteBackup snapcontent-1 is not ready <b>x</b>');
    expect(row.find('b').exists()).toBe(false);
    expect(w.find('h1').text()).toBe('卷快照');
  });

  it('follows the top bar\'s namespace picker (the shell\'s activeNamespaceCache) and says how many it hides', async() => {
    storeObject(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshot', {
      apiVersion: 'snapshot.storage.k8s.io/v1', kind: 'VolumeSnapshot', metadata: { name: 'web-1', namespace: 'apps' }, spec: { source: { persistentVolumeClaimName: 'web' } }
    });
    // The shell's root getters, as store/index.js has them (the test store has no namespace picker).
    const picker = (store: any) => store.registerModule('picker', {
      state:     () => ({ cache: { apps: true }, all: false }),
      getters:   { activeNamespaceCache: (s: any) => s.cache, isAllNamespaces: (s: any) => s.all },
      mutations: { pick: (s: any, { cache, all }: any) => Object.assign(s, { cache, all }) },
    });
    let store: any;
    const w = await open(RKE2_GUEST.id, 'en-us', (s) => {
      store = s;
      picker(s);
    });
    const shown = () => w.findAll('[data-testid^="snapshots-row-"]').map((r: any) => r.attributes('data-testid')).filter((id: string) => !id.endsWith('error'));

    expect(shown()).toEqual(['snapshots-row-apps-web-1']);
    expect(text(w, '[data-testid="snapshots-page-filtered"]')).toBe('2 VolumeSnapshots are in namespaces the namespace filter in the top bar hides.');
    store.commit('pick', { cache: { default: true }, all: false });
    await w.vm.$nextTick();
    expect(shown()).toHaveLength(2);
    expect(text(w, '[data-testid="snapshots-page-filtered"]')).toBe('1 VolumeSnapshot is in namespaces the namespace filter in the top bar hides.');
    store.commit('pick', { cache: {}, all: true });
    await w.vm.$nextTick();
    expect(shown()).toHaveLength(3);
    expect(w.find('[data-testid="snapshots-page-filtered"]').exists()).toBe(false);
  });

  it('says when the user may not list VolumeSnapshots (403), and lists nothing', async() => {
    state.faults.push({
      match: { method: 'GET', path: SNAPS }, respond: 403, times: 3
    });
    const w = await open();

    expect(text(w, '[data-testid="snapshots-page-unavailable"]')).toContain('You are not allowed to list VolumeSnapshots');
    expect(w.find('table').exists()).toBe(false);
  });

  it('says the snapshot CRDs are missing and how RKE2 installs them, without a request for them', async() => {
    const mark = state.requests.length;
    const w = await open(RKE2_GUEST.id, 'en-us', dropSchema);

    expect(text(w, '[data-testid="snapshots-page-unavailable"]')).toContain('rke2-snapshot-controller-crd');
    expect(state.requests.slice(mark).filter((r) => r.path.includes('snapshot.storage.k8s.io.volumesnapshot'))).toEqual([]);
  });

  it('tells a cluster not on Harvester so', async() => {
    const w = await open(PLAIN_CLUSTER.id);

    expect(text(w, '[data-testid="snapshots-page-not-harvester"]')).toContain('does not run on Harvester');
    expect(w.find('table').exists()).toBe(false);
  });
});

describe('an empty list says what the user can do (issue 34)', () => {
  const empty = (w: any) => text(w, '[data-testid="snapshots-page-empty"]');

  it('to an admin on a cluster whose driver takes snapshots: take one from a PVC\'s tab', async() => {
    for (const id of Object.keys(state.clusters[RKE2_GUEST.id].objects['snapshot.storage.k8s.io.volumesnapshot'] || {})) {
      deleteObject(state, RKE2_GUEST.id, 'snapshot.storage.k8s.io.volumesnapshot', id);
    }
    const w = await open();

    await until(() => w.find('[data-testid="snapshots-page-empty"]').exists(), 'the empty list');
    expect(empty(w)).toBe('No VolumeSnapshots in this cluster yet. Take one from a PersistentVolumeClaim\'s "Volume snapshots" tab.');
  });

  it('on k3s-guest (CSI driver v0.1.3): none can be taken there, and why', async() => {
    const w = await open(K3S_GUEST.id);

    await until(() => /v0\.2\.4/.test(w.find('[data-testid="snapshots-page-empty"]').text()), 'the driver\'s version');
    expect(empty(w)).toMatch(/^No VolumeSnapshots in this cluster yet\. The Harvester CSI driver installed here \(0\.1\.3\) takes no snapshots: that needs v0\.2\.4 or later/);
    expect(empty(w)).not.toMatch(/Take one|role/);
  });

  it('to a read-only user: their role may not take one, and the driver cannot either, in Chinese too', async() => {
    demo.as('viewer');
    const w = await open(K3S_GUEST.id, 'zh-hans');

    await until(() => /v0\.2\.4/.test(w.find('[data-testid="snapshots-page-empty"]').text()), 'the driver\'s version');
    expect(empty(w)).toContain('此集群还没有卷快照。');
    expect(empty(w)).toContain('你在此集群中的角色不允许创建快照');
    expect(empty(w)).not.toContain('请在持久卷声明');
  });
});

describe('listPage decisions', () => {
  it('keeps the rows of the namespaces picked, all without a filter, and counts the hidden', () => {
    const rows = [{ namespace: 'a' }, { namespace: 'b' }, { namespace: 'a' }];

    expect(byNamespaceFilter(rows, new Set(['a']))).toEqual({ shown: [rows[0], rows[2]], hidden: 1 });
    expect(byNamespaceFilter(rows, new Set())).toEqual({ shown: [], hidden: 3 });
    expect(byNamespaceFilter(rows, null)).toEqual({ shown: rows, hidden: 0 });
  });

  it('reads missing CRDs and a schema without list from the schema alone', () => {
    expect(schemaState(null)).toBe('noCrd');
    expect(schemaState({ collectionMethods: ['POST'] })).toBe('forbidden');
    expect(schemaState({ collectionMethods: ['get', 'POST'] })).toBeNull();
  });

  it('keeps the page when only the classes are unreadable, and says an unreachable cluster', async() => {
    const schemas: Record<string, unknown> = { 'snapshot.storage.k8s.io.volumesnapshot': { collectionMethods: ['GET'] }, 'snapshot.storage.k8s.io.volumesnapshotclass': { collectionMethods: ['GET'] } };
    const store = (fail: (url: string) => unknown) => ({
      getters:  { 'cluster/schemaFor': (t: string) => schemas[t], 'cluster/urlFor': (t: string) => `/v1/${ t }` },
      dispatch: async(_a: string, { url }: { url: string }) => {
        const err = fail(url);

        if (err) {
          throw err;
        }

        return { data: [{ metadata: { name: url } }] };
      },
    });

    const noClasses = await loadSnapshotList(store((url) => url.endsWith('class') && { _status: 403 }));

    expect(noClasses).toMatchObject({
      state: 'ok', classes: [], snapshots: [{ metadata: { name: '/v1/snapshot.storage.k8s.io.volumesnapshot' } }]
    });
    expect(await loadSnapshotList(store(() => ({ _status: 503, message: 'cluster agent is not connected' })))).toMatchObject({
      state: 'unreachable', detail: 'cluster agent is not connected', snapshots: []
    });
  });
});
