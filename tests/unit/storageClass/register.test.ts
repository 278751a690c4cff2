import { registerStorage } from '@pkg/storageClass/register';
import { harvesterGuestClusters } from '@pkg/environment/guestRegistry';

describe('registerStorage', () => {
  it('registers the StorageClass editor (lazily) and the host class column of the StorageClass list on Harvester guests', async() => {
    const calls: any[] = [];
    const plugin: any = {
      register:       (...args: any[]) => calls.push(['register', ...args]),
      addTableColumn: (...args: any[]) => calls.push(['addTableColumn', ...args]),
    };

    registerStorage(plugin);

    expect(calls.map((c) => c.slice(0, 3))).toEqual([
      ['register', 'edit', 'storage.k8s.io.storageclass'],
      ['addTableColumn', 'resource-list', { resource: ['storage.k8s.io.storageclass'], cluster: harvesterGuestClusters }],
    ]);
    const [, , , column, paginationColumn] = calls[1];
    const row = {
      provisioner: 'driver.harvesterhci.io', parameters: {}, $rootGetters: { 'i18n/t': (k: string) => `t:${ k }` }
    };

    expect(column.getValue(row)).toBe('t:harvesterStorage.column.hostDefault');
    expect(paginationColumn.getValue).toBeUndefined();
    expect(paginationColumn.value).toBe('parameters.hostStorageClass');
    expect(calls[1][2].cluster).toBe(harvesterGuestClusters); // the live list, filled as guests are recognised
    expect(typeof calls[0][3]).toBe('function');
  });
});
