/**
 * A feature's strings come with it (shellAdapter/strings.ts): into every locale the shell holds so far, registered
 * with the extension manager so that the shell merges them again when it loads or reloads a locale, and a component
 * renders only once they are there.
 */
import { createStore } from 'vuex';
import * as i18n from '@shell/store/i18n';
import { loadStrings, useShellStrings, withStrings } from '@pkg/shellAdapter/strings';

const PACKS: Record<string, Record<string, unknown>> = {
  'topology/en-us':   { harvesterTopology: { title: 'Topology' } },
  'topology/zh-hans': { harvesterTopology: { title: '拓扑' } },
};

function shell(locale: 'en-us' | 'zh-hans') {
  const store: any = createStore({ modules: { i18n: { namespaced: true, ...i18n } } });
  const registered: Record<string, (() => Promise<unknown>)[]> = {};
  const fetched: string[] = [];

  if (locale !== 'en-us') {
    store.commit('i18n/loadTranslations', { locale, translations: {} });
  }
  store.commit('i18n/setSelected', locale);
  const manager = { register: (type: string, name: string, fn: () => Promise<unknown>) => (registered[`${ type }/${ name }`] ||= []).push(fn) };
  const file = (pack: string, l: string) => {
    fetched.push(`${ pack }/${ l }`);

    return PACKS[`${ pack }/${ l }`] ? Promise.resolve({ default: PACKS[`${ pack }/${ l }`] }) : Promise.reject(new Error(`no ${ pack }/${ l }`));
  };

  useShellStrings(store, manager, file);

  return {
    store, registered, fetched, t: (key: string) => store.getters['i18n/t'](key)
  };
}

describe('strings loaded with their feature', () => {
  it('loads a pack once into every locale the shell holds, and registers it for the others', async() => {
    const s = shell('zh-hans');

    expect(s.t('harvesterTopology.title')).toBeUndefined();
    await loadStrings(['topology']);
    await loadStrings(['topology']);
    expect(s.t('harvesterTopology.title')).toBe('拓扑');
    // en-us too: the shell's fallback, and the language a user may switch back to without a reload.
    expect(s.store.getters['i18n/t']('harvesterTopology.title', {}, 'en-us')).toBe('Topology');
    expect(s.fetched.sort()).toEqual(['topology/en-us', 'topology/zh-hans']);
    expect(Object.keys(s.registered).sort()).toEqual(['l10n/en-us', 'l10n/zh-hans']);
  });

  it('leaves a language the user has not chosen yet to the shell, which runs the registered loaders when it loads it', async() => {
    const s = shell('en-us');

    await loadStrings(['topology']);
    expect(s.fetched).toEqual(['topology/en-us']);
    await s.store.dispatch('i18n/mergeLoad', { locale: 'zh-hans', module: s.registered['l10n/zh-hans'][0] });
    expect(s.store.getters['i18n/t']('harvesterTopology.title', {}, 'zh-hans')).toBe('拓扑');
  });

  it('resolves a component only with its strings in place', async() => {
    const s = shell('en-us');
    const seen: unknown[] = [];
    const load = withStrings(['topology'], () => Promise.resolve({ default: 'Component' }));

    const m = await load().then((mod) => {
      seen.push(s.t('harvesterTopology.title'));

      return mod;
    });

    expect(m).toEqual({ default: 'Component' });
    expect(seen).toEqual(['Topology']);
  });

  it('never fails the page: a pack that does not load is warned about and tried again on the next visit', async() => {
    const s = shell('en-us');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    await expect(loadStrings(['nowhere'])).resolves.toBeUndefined();
    await loadStrings(['nowhere']);
    expect(s.fetched).toEqual(['nowhere/en-us', 'nowhere/en-us']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nowhere'));
    warn.mockRestore();
  });
});
