import { driverRwxNotes, hostClassRwx } from '@pkg/storageClass/rwx';
import { classOptions, rbacNotice, rwxNotice, versionNotice } from '@pkg/storageClass/provisionerView';
import { readParameters } from '@pkg/storageClass/parameters';

const sc = (name: string, provisioner: string, parameters?: Record<string, string>, isDefault = false): any => ({
  metadata: { name, annotations: isDefault ? { 'storageclass.kubernetes.io/is-default-class': 'true' } : {} }, provisioner, parameters
});
const text = (key: string, args?: Record<string, unknown>) => (args && Object.keys(args).length ? `${ key } ${ JSON.stringify(args) }` : key);

describe('which host classes serve ReadWriteMany (docs/harvester-rules.md R-RWX-*)', () => {
  // R-RWX-1: isLHRWXVolume: only Longhorn host classes get a NetworkFilesystem; others are a no-op at publish.
  it('only Longhorn classes', () => {
    expect(hostClassRwx(sc('lh', 'driver.longhorn.io', {}))).toEqual({ rwx: true });
    expect(hostClassRwx(sc('lh', 'driver.longhorn.io'))).toEqual({ rwx: true });
    expect(hostClassRwx(sc('nfs', 'nfs.csi.k8s.io', {}))).toEqual({ rwx: false, reason: 'notLonghorn' });
    expect(hostClassRwx(sc('lvm', 'lvm.driver.harvesterhci.io', {}))).toEqual({ rwx: false, reason: 'notLonghorn' });
  });

  // R-RWX-2: longhorn-manager: migratable volumes are live-migration block volumes, NFS shares only when not migratable.
  it('not migratable ones, with migratable parsed as Go ParseBool (an unparsable value fails every volume)', () => {
    for (const no of ['false', 'False', 'FALSE', 'f', 'F', '0']) {
      expect(hostClassRwx(sc('lh', 'driver.longhorn.io', { migratable: no })).rwx).toBe(true);
    }
    for (const yes of ['true', 'True', 'TRUE', 't', 'T', '1']) {
      expect(hostClassRwx(sc('lh', 'driver.longhorn.io', { migratable: yes }))).toEqual({ rwx: false, reason: 'migratable' });
    }
    expect(hostClassRwx(sc('lh', 'driver.longhorn.io', { migratable: 'yes' }))).toEqual({
      rwx: false, reason: 'invalidMigratable', value: 'yes'
    });
  });

  // R-RWX-3..5: RWX from v0.2.0; RWX expansion refused from v0.2.3; RWX from a snapshot refused from v0.2.4.
  it('says what the installed driver refuses, by version; all of it when the version is unknown', () => {
    expect(driverRwxNotes('0.1.7').map((n) => n.key)).toEqual(['tooOld']);
    expect(driverRwxNotes('0.2.0').map((n) => n.key)).toEqual(['needsNetworkFilesystem']);
    expect(driverRwxNotes('0.2.3').map((n) => n.key)).toEqual(['needsNetworkFilesystem', 'noExpansion']);
    expect(driverRwxNotes('0.2.4').map((n) => n.key)).toEqual(['needsNetworkFilesystem', 'noExpansion', 'noFromSnapshot']);
    expect(driverRwxNotes(null).map((n) => n.key)).toEqual(['needsNetworkFilesystem', 'noExpansion', 'noFromSnapshot']);
  });
});

describe('the provisioner form\'s decisions (provisionerView.ts)', () => {
  const classes = [sc('harvester-longhorn', 'driver.longhorn.io', { migratable: 'true' }, true), sc('shared', 'driver.longhorn.io', { migratable: 'false' })];

  it('marks RWX classes in the options and keeps a saved class the host lacks', () => {
    const options = classOptions(classes as any, 'gone', text);

    expect(options.map((o) => o.value)).toEqual([':host-default:', 'harvester-longhorn', 'shared', 'gone']);
    expect(options[2].label).toMatch(/harvesterStorage\.hostStorageClass\.rwx\.mark$/);
    expect(options[1].label).not.toMatch(/rwx\.mark/);
  });

  it('describes RWX for the class in play: the host default when none is named', () => {
    expect(rwxNotice(classes as any, readParameters({}), '0.2.4', text)?.support).toContain('"name":"harvester-longhorn"');
    expect(rwxNotice(classes as any, readParameters({ hostStorageClass: 'shared' }), '0.2.4', text)?.support).toContain('rwx.served');
    expect(rwxNotice(classes as any, readParameters({ hostStorageClass: 'gone' }), '0.2.4', text)).toBeNull();
    expect(rwxNotice(null, readParameters({}), '0.2.4', text)).toBeNull();
  });

  it('shows the version and RBAC notices only for a custom class, once known', () => {
    expect(versionNotice(false, '0.1.3')).toBeNull();
    expect(versionNotice(true, undefined)).toBeNull();
    expect(versionNotice(true, '0.1.3')).toEqual({
      color: 'warning', key: 'version.tooOld', args: { version: '0.1.3', min: '0.1.4' }
    });
    expect(versionNotice(true, null)?.key).toBe('version.unknown');
    expect(versionNotice(true, '0.1.4')).toBeNull();
    expect(rbacNotice(true, 'bound', null)).toBeNull();
    expect(rbacNotice(false, 'missing', null)).toBeNull();
    expect(rbacNotice(true, 'missing', { name: 'g', namespace: 'default' })).toEqual({
      color: 'warning', key: 'rbac.missing', args: { name: 'g', namespace: 'default' }
    });
    expect(rbacNotice(true, 'unknown', null)?.key).toBe('rbac.unknown');
  });
});
