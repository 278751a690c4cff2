import { reactive } from 'vue';
import SelectField from '@pkg/controls/SelectField.vue';
import TextField from '@pkg/controls/TextField.vue';
import RadioField from '@pkg/controls/RadioField.vue';
import ParameterList from '@pkg/controls/ParameterList.vue';
import HarvesterProvisioner from '@pkg/storageClass/HarvesterProvisioner.vue';
import { SAVE_HOOKS } from '@pkg/storageClass/saveHooks';
import { mountWithStore, until } from '../../harness/mount';
import { demoStore, Locale } from '../../harness/store';
import { HARVESTER_HOST, K3S_GUEST, RKE2_GUEST } from '../../../lab/world/ids';
import { storeObject } from '../../../lab/simulator/core/state';
import { FaultResponse } from '../../../lab/simulator/core/types';
import { useDemoServer } from '../../harness/demoServer';

const { requestsSince, state } = useDemoServer();

/** The host answers reads of its StorageClasses with `respond` (403: no permission, 503: host offline). */
function hostStorageClassesFail(respond: FaultResponse): void {
  state.faults.push({
    match: { method: 'GET', path: `/k8s/clusters/${ HARVESTER_HOST.id }/v1/storage.k8s.io.storageclass` }, respond, times: 5
  });
}

/** A ClusterRoleBinding on the host binding the CSI ClusterRole to a service account. */
function hostCsiBinding(name: string, account: { name: string; namespace: string }): void {
  storeObject(state, HARVESTER_HOST.id, 'rbac.authorization.k8s.io.clusterrolebinding', {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind:       'ClusterRoleBinding',
    metadata:   { name },
    roleRef:    {
      apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'harvesterhci.io:csi-driver'
    },
    subjects: [{ kind: 'ServiceAccount', ...account }],
  });
}

interface OpenOptions {
  clusterId?: string;
  locale?: Locale;
  parameters?: Record<string, string>;
  mode?: string;
}

async function open(opts: OpenOptions = {}) {
  const store = await demoStore(opts.clusterId || RKE2_GUEST.id, opts.locale);
  const mark = state.requests.length;
  const value = reactive({ parameters: { ...(opts.parameters || {}) } });
  const hooks: Record<string, () => unknown> = {};
  const saveHooks = {
    register:   (fn: () => unknown, name: string) => (hooks[name] = fn),
    unregister: (name: string) => delete hooks[name],
  };
  const wrapper = mountWithStore(HarvesterProvisioner, store, {
    props:  { value, mode: opts.mode || 'create' },
    global: { provide: { [SAVE_HOOKS]: saveHooks } },
  });

  await until(() => !!(wrapper.vm as any).host, 'the host classes');

  return {
    wrapper, value, hooks, mark, opened: requestsSince(mark)
  };
}

const checksDone = (w: any) => until(() => (w.vm as any).rbac !== null, 'the version and RBAC checks');
const select = (w: any) => w.findComponent(SelectField);
const texts = (w: any, id: string) => w.findAll(`[data-testid="${ id }"]`).map((e: any) => e.text());

describe('HarvesterProvisioner: host StorageClass', () => {
  it('opens with 2 requests: the host lookup (cloud credential) and the host StorageClasses', async() => {
    const { opened } = await open();

    expect(opened).toEqual([
      'GET /v3/cloudcredentials/cattle-global-data:cc-harvester',
      'GET /k8s/clusters/c-hh001/v1/storage.k8s.io.storageclass',
    ]);
    // Reported to the bench: requests made to open the form.
    console.info(`[bench] harvester storage form opens with ${ opened.length } requests`);
  });

  it('lists the host classes with what matters, host default first and named', async() => {
    const { wrapper } = await open();
    const options = select(wrapper).props('options');

    expect(options.map((o: any) => o.label)).toEqual([
      'Host default (harvester-longhorn)',
      'harvester-longhorn · driver.longhorn.io · 3 replicas · binds immediately · default',
      // R-RWX-1/2: only the Longhorn class that is not migratable is marked.
      'longhorn-rwx · driver.longhorn.io · 3 replicas · binds immediately · RWX',
      'replica-2 · driver.longhorn.io · 2 replicas · binds immediately',
      'single-replica · driver.longhorn.io · 1 replicas · waits for first consumer',
    ]);
    expect(select(wrapper).props('value')).toBe(options[0].value);
  });

  it('writes exactly the chosen parameter, and removes it again for host default', async() => {
    const { wrapper, value } = await open();

    select(wrapper).vm.$emit('update:value', 'replica-2');
    expect(value.parameters).toEqual({ hostStorageClass: 'replica-2' });
    select(wrapper).vm.$emit('update:value', select(wrapper).props('options')[0].value);
    expect(value.parameters).toEqual({});
  });

  it('writes nothing when opened and left alone, and keeps other parameters byte for byte', async() => {
    const parameters = {
      z: ' a ', hostVolumeMode: 'Filesystem', hostStorageClass: '', migratable: 'true'
    };
    const { value } = await open({ parameters, mode: 'view' });

    expect(JSON.stringify(value.parameters)).toBe(JSON.stringify(parameters));
  });

  it('a typed name the host does not have is a warning; an invalid one is an error that blocks Save', async() => {
    const { wrapper, value, hooks } = await open();

    select(wrapper).vm.$emit('update:value', 'gold');
    await wrapper.vm.$nextTick();
    expect(texts(wrapper, 'harvester-storage-warning')).toEqual(['The Harvester host has no StorageClass "gold": volumes of this class will stay Pending until the host has one.']);
    expect(() => hooks.harvesterStorageParameters()).not.toThrow();

    select(wrapper).vm.$emit('update:value', 'Gold_Class');
    await wrapper.vm.$nextTick();
    expect(texts(wrapper, 'harvester-storage-error')).toEqual([expect.stringContaining('"Gold_Class" is not a valid StorageClass name')]);
    expect(() => hooks.harvesterStorageParameters()).toThrow();
    expect(value.parameters).toEqual({ hostStorageClass: 'Gold_Class' }); // the input stays
  });

  it('says the same in Simplified Chinese', async() => {
    const { wrapper } = await open({ locale: 'zh-hans' });

    expect(select(wrapper).props('options')[0].label).toBe('主机默认（harvester-longhorn）');
    expect(texts(wrapper, 'harvester-storage-rwx-support')).toEqual([expect.stringContaining('主机存储类 harvester-longhorn 不能提供 ReadWriteMany 卷')]);
    select(wrapper).vm.$emit('update:value', 'Gold_Class');
    await wrapper.vm.$nextTick();
    expect(texts(wrapper, 'harvester-storage-error')).toEqual([expect.stringContaining('“Gold_Class”不是有效的存储类名称')]);
  });

  it('falls back to a text input saying why when the host answers 403', async() => {
    const { wrapper, value, hooks } = (hostStorageClassesFail(403), await open());

    expect(select(wrapper).exists()).toBe(false);
    expect(texts(wrapper, 'harvester-storage-unreadable')[0]).toMatch(/not allowed to read the Harvester host's StorageClasses/);
    wrapper.findComponent(TextField).vm.$emit('update:value', 'replica-2');
    await wrapper.vm.$nextTick();
    expect(value.parameters).toEqual({ hostStorageClass: 'replica-2' });
    expect(texts(wrapper, 'harvester-storage-warning')).toEqual([]); // cannot tell it is missing
    wrapper.findComponent(TextField).vm.$emit('update:value', 'bad name');
    await wrapper.vm.$nextTick();
    expect(texts(wrapper, 'harvester-storage-error')).toHaveLength(1);
    expect(() => hooks.harvesterStorageParameters()).toThrow();
  });

  it('says the host is unreachable when the proxy answers 503', async() => {
    const { wrapper } = (hostStorageClassesFail(503), await open());

    expect(texts(wrapper, 'harvester-storage-unreadable')[0]).toMatch(/does not answer/);
  });
});

describe('HarvesterProvisioner: volume mode and other parameters', () => {
  it('host volume mode: driver default or filesystem', async() => {
    const { wrapper, value } = await open({ parameters: { a: '1' } });
    const radio = wrapper.findComponent(RadioField);

    expect(radio.props('options').map((o: any) => o.label)).toEqual(['Driver default', 'filesystem']);
    radio.vm.$emit('update:value', 'filesystem');
    expect(value.parameters).toEqual({ a: '1', hostVolumeMode: 'filesystem' });
    radio.vm.$emit('update:value', radio.props('options')[0].value);
    expect(value.parameters).toEqual({ a: '1' });
  });

  it('other parameters are edited as key/value, the host class keeps its field', async() => {
    const { wrapper, value } = await open({ parameters: { hostStorageClass: 'replica-2', migratable: 'true' } });
    const kv = wrapper.findComponent(ParameterList);

    expect(kv.props('value')).toEqual({ migratable: 'true' });
    const inputs = kv.findAll('input');

    await inputs[1].setValue('false');
    expect(value.parameters).toEqual({ hostStorageClass: 'replica-2', migratable: 'false' });
    await kv.find('[data-testid="parameter-add"]').trigger('click');
    await kv.findAll('input')[2].setValue('extra');
    expect(value.parameters).toEqual({
      hostStorageClass: 'replica-2', migratable: 'false', extra: ''
    });
    await kv.findAll('button')[0].trigger('click'); // remove migratable
    expect(value.parameters).toEqual({ hostStorageClass: 'replica-2', extra: '' });
  });
});

describe('HarvesterProvisioner: CSI driver version and host RBAC (once a custom class is in play)', () => {
  it('asks nothing more while the host default is kept', async() => {
    const { wrapper, mark } = await open();

    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requestsSince(mark)).toHaveLength(2);
    expect(texts(wrapper, 'harvester-storage-version')).toEqual([]);
  });

  it('warns that CSI v0.1.3 (k3s-guest, Rancher chart 104.0.1+up0.1.14) cannot use custom host classes', async() => {
    const { wrapper } = await open({ clusterId: K3S_GUEST.id });

    select(wrapper).vm.$emit('update:value', 'replica-2');
    await checksDone(wrapper);
    expect(texts(wrapper, 'harvester-storage-version')).toEqual([
      expect.stringMatching(/version 0\.1\.3: custom host StorageClasses need 0\.1\.4 or later/)
    ]);
  });

  // R-CSI-4: harvester-csi-driver reads hostVolumeMode from v0.2.4; the driver version is read for it too.
  it('warns that CSI v0.1.3 ignores hostVolumeMode once filesystem is picked', async() => {
    const { wrapper } = await open({ clusterId: K3S_GUEST.id });

    wrapper.findComponent(RadioField).vm.$emit('update:value', 'filesystem');
    await checksDone(wrapper);
    expect(texts(wrapper, 'harvester-storage-warning')).toEqual([
      'The Harvester CSI driver on this cluster is version 0.1.3: hostVolumeMode needs 0.2.4 or later, so it is ignored.'
    ]);
  });

  it('shows no version banner for CSI v0.2.4 (rke2-guest, RKE2 chart 0.1.2500)', async() => {
    const { wrapper } = await open({ parameters: { hostStorageClass: 'replica-2' }, mode: 'view' });

    await checksDone(wrapper);
    expect(texts(wrapper, 'harvester-storage-version')).toEqual([]);
  });

  it('shows the RBAC to apply, with the real service account and VM namespace, when no binding names it', async() => {
    hostCsiBinding('default-k3s-guest', { name: 'k3s-guest', namespace: 'default' });
    const { wrapper, mark } = await open({ parameters: { hostStorageClass: 'replica-2' }, mode: 'view' });

    await checksDone(wrapper);
    const section = wrapper.find('[data-testid="harvester-storage-rbac"]');

    expect(section.text()).toContain('service account rke2-guest in namespace default may not read');
    expect(section.find('pre').text()).toContain('name: "default-rke2-guest"');
    expect(section.find('pre').text()).toContain('name: "rke2-guest"\n    namespace: "default"');
    expect(requestsSince(mark).slice(2).sort()).toEqual([
      'GET /k8s/clusters/c-hh001/v1/rbac.authorization.k8s.io.clusterrolebinding',
      'GET /k8s/clusters/c-m-rke2g001/v1/apps.daemonsets/kube-system/harvester-csi-driver',
      'GET /v1/rke-machine-config.cattle.io.harvesterconfigs/fleet-default/nc-rke2-guest-pool1',
    ]);
  });

  it('shows nothing about RBAC when the binding exists', async() => {
    hostCsiBinding('default-rke2-guest', { name: 'rke2-guest', namespace: 'default' });
    const { wrapper } = await open({ parameters: { hostStorageClass: 'replica-2' }, mode: 'view' });

    await checksDone(wrapper);
    expect((wrapper.vm as any).rbac).toBe('bound');
    expect(texts(wrapper, 'harvester-storage-rbac')).toEqual([]);
  });

  it('says the check was not possible when the bindings cannot be read', async() => {
    state.faults.push({ match: { method: 'GET', path: '/k8s/clusters/c-hh001/v1/rbac.authorization.k8s.io.clusterrolebinding' }, respond: 403 });
    const { wrapper } = await open({ parameters: { hostStorageClass: 'replica-2' }, mode: 'view' });

    await checksDone(wrapper);
    expect(texts(wrapper, 'harvester-storage-rbac')[0]).toMatch(/could not be checked/);
    expect(wrapper.find('[data-testid="harvester-storage-rbac"] pre').text()).toContain('namespace: "default"');
  });
});

describe('HarvesterProvisioner: ReadWriteMany', () => {
  // R-RWX-1..3: the host default (migratable Longhorn) cannot serve RWX; the not-migratable Longhorn class can.
  it('says whether the host class in play serves RWX, and what the driver refuses', async() => {
    const { wrapper } = await open();

    expect(texts(wrapper, 'harvester-storage-rwx-support')).toEqual([
      'Host StorageClass harvester-longhorn cannot serve ReadWriteMany volumes: a migratable Longhorn class makes live-migration block volumes, not NFS shares.'
    ]);
    select(wrapper).vm.$emit('update:value', 'longhorn-rwx');
    await wrapper.vm.$nextTick();
    expect(texts(wrapper, 'harvester-storage-rwx-support')).toEqual([expect.stringMatching(/^Host StorageClass longhorn-rwx can serve ReadWriteMany volumes/)]);
    await checksDone(wrapper);
    // R-RWX-4/5: CSI v0.2.4 (rke2-guest) refuses RWX expansion and RWX from snapshots.
    const notes = wrapper.findAll('[data-testid="harvester-storage-rwx"] li').map((li: any) => li.text());

    expect(notes).toEqual([
      expect.stringContaining('NetworkFilesystems'),
      expect.stringContaining('rwx volume expansion is not supported'),
      expect.stringContaining('Creating RWX volumes from snapshots is not supported'),
    ]);
  });

  it('says CSI v0.1.3 (k3s-guest) has no RWX at all', async() => {
    const { wrapper } = await open({ clusterId: K3S_GUEST.id, parameters: { hostStorageClass: 'longhorn-rwx' } });

    await checksDone(wrapper);
    expect(wrapper.findAll('[data-testid="harvester-storage-rwx"] li').map((li: any) => li.text())).toEqual([
      'The Harvester CSI driver on this cluster is version 0.1.3: ReadWriteMany volumes need 0.2.0 or later.'
    ]);
  });
});
