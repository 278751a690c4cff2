import { warnOnce } from './versions';

/**
 * The extension's strings, loaded with the feature that shows them instead of all at start-up (issue 26): the shell
 * loads an extension's `l10n/` folder on every page, whatever the cluster, so that folder keeps only what the side
 * menu shows on every cluster; each feature's strings are a pack (`strings/<pack>/<locale>.yaml`) loaded with it.
 *
 * Past the extension API (verified in the production builds of Rancher 2.12 (shell 3.0.5), 2.13 (3.0.8), 2.14
 * (3.0.9), 2.15 (3.0.12) and rancher/dashboard master (3.0.13), store/i18n.js and core/extension-manager-impl.js):
 * - the store action `i18n/mergeLoad` `{ locale, module }` merges a loaded file into `i18n.translations[locale]`;
 * - the extension manager's `register('l10n', locale, fn)` adds to (never replaces) the locale's loaders, and
 *   `i18n/switchTo` runs them all whenever it (re)loads a locale: a later reload (another extension loaded, a
 *   language chosen for the first time) keeps the packs loaded so far;
 * - `i18n.translations` holds the locales loaded so far (en-us always: the shell's fallback).
 */
export type PackFile = (pack: string, locale: string) => Promise<unknown>;

interface I18nStore {
  state: { i18n?: { translations?: Record<string, unknown> } };
  dispatch(type: string, payload?: unknown): Promise<unknown>;
}

export interface L10nRegistry {
  register?(type: string, name: string, fn: () => Promise<unknown>): void;
}

/** The locales the packs exist in: the others fall back to en-us, as the shell's own strings do. */
export const PACK_LOCALES = ['en-us', 'zh-hans'] as const;

let shell: { store: I18nStore; manager?: L10nRegistry; file: PackFile } | null = null;
const packs = new Map<string, Promise<void>>();

/** Set once by the entry: where the strings go and how a pack's file is fetched. */
export function useShellStrings(store: I18nStore | null, manager: L10nRegistry | undefined, file: PackFile): void {
  shell = store ? {
    store, manager, file
  } : null;
  packs.clear();
}

function loadPack(pack: string): Promise<void> {
  const at = shell;

  if (!at) {
    // No store from the loader (warned at start-up): the feature shows its keys rather than failing.
    return Promise.resolve();
  }
  let loading = packs.get(pack);

  if (!loading) {
    PACK_LOCALES.forEach((locale) => at.manager?.register?.('l10n', locale, () => at.file(pack, locale)));
    // Every locale loaded so far: the page's, and en-us (the shell's fallback; a language switched back to).
    const present = Object.keys(at.store.state.i18n?.translations || {}).filter((l) => (PACK_LOCALES as readonly string[]).includes(l));

    loading = Promise.all(present.map((locale) => at.store.dispatch('i18n/mergeLoad', { locale, module: () => at.file(pack, locale) })))
      .then(() => undefined, (e) => {
        packs.delete(pack);
        warnOnce(`the extension's strings (${ pack }: ${ e?.message || e })`, 'the page shows their keys; it loads them again on its next visit');
      });
    packs.set(pack, loading);
  }

  return loading;
}

/** Loads the packs (once each); resolves when they are in the shell's translations, never rejects. */
export function loadStrings(names: readonly string[]): Promise<void> {
  return Promise.all(names.map(loadPack)).then(() => undefined);
}

/** A component loader that also brings the strings the component shows: it renders with them, never without. */
export function withStrings<T>(names: readonly string[], component: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([component(), loadStrings(names)]).then(([m]) => m);
}
