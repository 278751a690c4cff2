import { createExtensionManager } from '@shell/core/extension-manager-impl';
import { TabLocation } from '@shell/core/types';
import { disableBuiltInSaveHook, internalExtensionManager, PluginInternals, suppressBuiltInAddOnConfigTab } from '@pkg/shellAdapter';
import { registerLoadBalancer } from '@pkg/addOnConfig/register';

/**
 * The shell's own extension manager (core/extension-manager-impl.js), loading Rancher 2.15's built-in
 * harvester-manager (its tab registration as pkg/harvester-manager/index.ts makes it) and then this extension's
 * entry, in the order the dashboard does: built-ins first, each entry run with `internal()` and then applied.
 */
function harvesterManagerEntry(plugin: any) {
  [TabLocation.RESOURCE_CREATE_PAGE, TabLocation.RESOURCE_EDIT_PAGE].forEach((where) => plugin.addTab(where, { resource: ['service'], context: { showHarvesterAddOnConfig: 'true' } }, {
    name: 'add-on-config', labelKey: 'servicesPage.harvester.title', weight: -1, showHeader: true, component: () => Promise.resolve({})
  }));
}

// What index.ts does for the Service pages: its tabs, and the adapter handed the loader's internal argument.
let restoreBuiltIn: () => void = () => undefined;

function thisExtensionEntry(plugin: any, internal: PluginInternals) {
  registerLoadBalancer(plugin);
  restoreBuiltIn = suppressBuiltInAddOnConfigTab(internalExtensionManager(internal));
}

function loadedManager(withBuiltIn = true) {
  const manager: any = createExtensionManager({
    app:   { router: { addRoute: jest.fn(), getRoutes: () => [] } },
    store: {
      getters: {}, dispatch: jest.fn(), commit: jest.fn()
    },
    $axios:   {},
    redirect: jest.fn()
  });

  if (withBuiltIn) {
    manager.registerBuiltinExtension('harvester-manager', { default: harvesterManagerEntry });
    manager.loadBuiltinExtensions();
  }
  manager.initBuiltinExtension('harvester-cloud-ui', { default: thisExtensionEntry });

  return manager;
}

const labels = (manager: any, where: string) => manager.getUIConfig('Tab', where).map((t: any) => t.labelKey);

describe('Rancher\'s built-in Add-on Config (2.15+: harvester-manager addTab)', () => {
  it('is taken out of the Service create and edit pages; this extension\'s tab stays', () => {
    const manager = loadedManager();

    [TabLocation.RESOURCE_CREATE_PAGE, TabLocation.RESOURCE_EDIT_PAGE].forEach((where) => {
      expect(labels(manager, where)).toEqual(['harvesterCloud.loadBalancer.tab']);
    });
    expect(labels(manager, TabLocation.RESOURCE_DETAIL_PAGE)).toEqual(['harvesterCloud.loadBalancer.tab']);
  });

  it('comes back when this extension is uninstalled', () => {
    const manager = loadedManager();

    restoreBuiltIn();
    expect(labels(manager, TabLocation.RESOURCE_CREATE_PAGE).sort()).toEqual(['harvesterCloud.loadBalancer.tab', 'servicesPage.harvester.title']);
  });

  it('leaves a dashboard without it alone and warns when the tab lists cannot be read', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const manager = loadedManager(false);

    expect(labels(manager, TabLocation.RESOURCE_CREATE_PAGE)).toEqual(['harvesterCloud.loadBalancer.tab']);
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
