import { hostStorageClassCell } from '@pkg/storageClass/hostStorageClassColumn';

const t = (key: string) => `[${ key }]`;

describe('hostStorageClassCell', () => {
  it('shows the host class of Harvester CSI classes, "host default" when none is named', () => {
    expect(hostStorageClassCell({ provisioner: 'driver.harvesterhci.io', parameters: { hostStorageClass: 'replica-2' } }, t)).toBe('replica-2');
    expect(hostStorageClassCell({ provisioner: 'driver.harvesterhci.io', parameters: {} }, t)).toBe('[harvesterStorage.column.hostDefault]');
    expect(hostStorageClassCell({ provisioner: 'driver.harvesterhci.io' }, t)).toBe('[harvesterStorage.column.hostDefault]');
    expect(hostStorageClassCell({ provisioner: 'driver.harvesterhci.io', parameters: { hostStorageClass: '' } }, t)).toBe('[harvesterStorage.column.emptyValue]');
  });

  it('is blank for other provisioners', () => {
    expect(hostStorageClassCell({ provisioner: 'driver.longhorn.io', parameters: { hostStorageClass: 'x' } }, t)).toBe('');
  });
});
