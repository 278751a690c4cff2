/**
 * Issue 26: the VolumeSnapshotClass form opened by its address by someone whose role may not create or change
 * VolumeSnapshotClasses says so and shows the class read only, with no Create or Save that the server would refuse.
 */
import { markRaw } from 'vue';
import SnapshotClassEdit from '@pkg/snapshotclass/SnapshotClassEdit.vue';
import { RKE2_GUEST } from '../../../lab/world/ids';
import { steveHandlers } from '../../msw/steve';
import { useDemoServer } from '../../harness/demoServer';
import { createTestStore, loadSchemas, Locale } from '../../harness/store';
import { mountWithStore } from '../../harness/mount';

const { state, server } = useDemoServer();
const TYPE = 'snapshot.storage.k8s.io.volumesnapshotclass';

afterEach(() => server.resetHandlers());

async function openCreate(user: 'viewer' | 'admin', locale: Locale = 'en-us') {
  if (user === 'viewer') {
    server.use(...steveHandlers(state, { user }));
  }
  const store = createTestStore({ clusterId: RKE2_GUEST.id, locale });

  store.state.$extension = markRaw({ ...store.state.$extension, getProviders: () => [] });
  await loadSchemas(store);
  const value = await store.dispatch('cluster/create', { type: TYPE, metadata: { name: '' } });

  return mountWithStore(SnapshotClassEdit, store, { props: { value, mode: 'create' } });
}

describe('who may create a VolumeSnapshotClass', () => {
  it('a read-only member is told why, and gets the form read only with no Create', async() => {
    const w = await openCreate('viewer');

    expect(w.find('[data-testid="snapshot-class-denied"]').text()).toContain('does not allow creating VolumeSnapshotClasses');
    expect(w.findAll('input:not([disabled])').filter((i) => !i.classes('vs__search') && i.attributes('type') !== 'radio')).toHaveLength(0);
    expect(w.find('[data-testid="snapshot-class-save"]').exists()).toBe(false);
  });

  it('the same in Simplified Chinese', async() => {
    const w = await openCreate('viewer', 'zh-hans');

    expect(w.find('[data-testid="snapshot-class-denied"]').text()).toContain('不允许创建 VolumeSnapshotClass');
  });

  it('an admin gets the form to fill', async() => {
    const w = await openCreate('admin');

    expect(w.find('[data-testid="snapshot-class-denied"]').exists()).toBe(false);
    expect(w.find('[data-testid="snapshot-class-save"]').exists()).toBe(true);
  });
});
