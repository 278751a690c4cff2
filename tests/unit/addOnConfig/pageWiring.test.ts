/**
 * The Add-on Config tab's place in the Service page (addOnConfig/pageWiring.ts): its save hooks while it edits,
 * Rancher's own hook taken out, everything undone when the tab goes; who may write what the page saves.
 */
import { TabWiring, serviceWritable } from '@pkg/addOnConfig/pageWiring';
import { COMPOSE_PRIORITY, SNAPSHOT_PRIORITY } from '@pkg/addOnConfig/saveComposition';
import { BUILT_IN_SAVE_HOOK } from '@pkg/shellAdapter';

function page() {
  const hooks: { name: string; priority?: number }[] = [{ name: BUILT_IN_SAVE_HOOK }];

  return {
    hooks,
    value:                    { metadata: { name: 'web' } },
    mode:                     'edit' as const,
    _beforeSaveHooks:         hooks,
    registerBeforeHook:       jest.fn((_fn: () => unknown, name: string, priority?: number) => hooks.push({ name, priority })),
    unregisterBeforeSaveHook: jest.fn((name: string) => hooks.splice(hooks.findIndex((h) => h.name === name), 1)),
  };
}
const save = { beforeSave: () => undefined, composeSave: () => undefined };

describe('TabWiring', () => {
  it('puts the two save hooks on the page while the tab edits, takes Rancher\'s own out, and all back out on detach', () => {
    const p = page();
    const wiring = new TabWiring(p as any);

    wiring.attach('create', save);
    expect(p.hooks).toEqual([
      { name: 'harvester-cloud-ui-lb-snapshot', priority: SNAPSHOT_PRIORITY }, { name: 'harvester-cloud-ui-lb-compose', priority: COMPOSE_PRIORITY },
    ]);
    wiring.detach();
    expect(p.hooks).toEqual([]);
  });

  it('registers nothing on a page that only shows the Service', () => {
    const p = page();

    new TabWiring(p as any).attach('view', save);
    expect(p.registerBeforeHook).not.toHaveBeenCalled();
    expect(p.hooks).toEqual([{ name: BUILT_IN_SAVE_HOOK }]);
  });
});

describe('serviceWritable', () => {
  const store = (methods: string[]) => ({ getters: { 'cluster/schemaFor': () => ({ collectionMethods: methods }) }, dispatch: jest.fn() });

  it('reads the schema for a new Service and the object\'s own permissions else', () => {
    expect(serviceWritable(store(['GET', 'POST']), 'create', null)).toBe(true);
    expect(serviceWritable(store(['GET']), 'create', null)).toBe(false);
    expect(serviceWritable(store(['POST']), 'view', null)).toBe(false);
    expect(serviceWritable(store([]), 'edit', { metadata: { name: 'a' }, canUpdate: false } as any)).toBe(false);
    expect(serviceWritable(store([]), 'edit', { metadata: { name: 'a' }, links: { update: '/x' } } as any)).toBe(true);
  });
});
