import { Plugin } from '@shell/core/plugin';
import { TabLocation } from '@shell/core/types';
import { disableBuiltInSaveHook, suppressBuiltInAddOnConfigTab } from '@pkg/shellAdapter';

/**
 * The tab lists as Rancher 2.15's extension manager holds them once its built-in harvester-manager (registered with
 * the shell's own Plugin class, as pkg/harvester-manager/index.ts does) and this extension have loaded.
 */
function managerWith(...plugins: Plugin[]) {
  const lists: Record<string, any[]> = {};

  plugins.forEach((p: any) => Object.entries(p.uiConfig.Tab || {}).forEach(([where, entries]) => {
    lists[where] = [...(lists[where] || []), ...(entries as any[])];
  }));

  return { lists, getUIConfig: (type: string, where: string) => (type === 'Tab' ? (lists[where] = lists[where] || []) : []) };
}

function harvesterManager(): Plugin {
  const p = new Plugin('harvester-manager');

  [TabLocation.RESOURCE_CREATE_PAGE, TabLocation.RESOURCE_EDIT_PAGE].forEach((where) => p.addTab(where, { resource: ['service'], context: { showHarvesterAddOnConfig: 'true' } }, {
    name: 'add-on-config', labelKey: 'servicesPage.harvester.title', weight: -1, showHeader: true, component: () => Promise.resolve({})
  }));

  return p;
}

function thisExtension(): Plugin {
  const p = new Plugin('harvester-cloud-ui');

  [TabLocation.RESOURCE_CREATE_PAGE, TabLocation.RESOURCE_EDIT_PAGE, TabLocation.RESOURCE_DETAIL_PAGE].forEach((where) => p.addTab(where, { resource: ['service'], cluster: ['c-1'] }, {
    name: 'add-on-config', labelKey: 'harvesterCloud.loadBalancer.tab', component: () => Promise.resolve({})
  }));

  return p;
}

describe('Rancher\'s built-in Add-on Config (2.15+: harvester-manager addTab)', () => {
  it('is taken out of the Service create and edit pages; this extension\'s tab stays', () => {
    const manager = managerWith(harvesterManager(), thisExtension());

    suppressBuiltInAddOnConfigTab(manager);
    [TabLocation.RESOURCE_CREATE_PAGE, TabLocation.RESOURCE_EDIT_PAGE].forEach((where) => {
      expect(manager.lists[where].map((t) => t.labelKey)).toEqual(['harvesterCloud.loadBalancer.tab']);
    });
    expect(manager.lists[TabLocation.RESOURCE_DETAIL_PAGE]).toHaveLength(1);
  });

  it('comes back when this extension is uninstalled', () => {
    const manager = managerWith(harvesterManager(), thisExtension());
    const restore = suppressBuiltInAddOnConfigTab(manager);

    restore();
    expect(manager.lists[TabLocation.RESOURCE_CREATE_PAGE].map((t) => t.labelKey).sort()).toEqual(['harvesterCloud.loadBalancer.tab', 'servicesPage.harvester.title']);
  });

  it('leaves a dashboard without it alone and warns when the tab lists cannot be read', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const manager = managerWith(thisExtension());

    suppressBuiltInAddOnConfigTab(manager);
    expect(manager.lists[TabLocation.RESOURCE_CREATE_PAGE]).toHaveLength(1);
    suppressBuiltInAddOnConfigTab({});
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('tab list'));
    warn.mockRestore();
  });
});

describe('Rancher\'s built-in Add-on Config (2.12–2.14: edit/service.vue\'s save hook)', () => {
  it('removes the page\'s harvesterWillSave hook and nothing else', () => {
    const page: any = {
      value:              {},
      mode:               'create',
      registerBeforeHook: jest.fn(),
      _beforeSaveHooks:   [{ name: 'willSave' }, { name: 'harvesterWillSave' }],
      unregisterBeforeSaveHook(name: string) {
        this._beforeSaveHooks = this._beforeSaveHooks.filter((h: any) => h.name !== name);
      },
    };

    disableBuiltInSaveHook(page);
    expect(page._beforeSaveHooks.map((h: any) => h.name)).toEqual(['willSave']);
    disableBuiltInSaveHook(null);
  });
});
