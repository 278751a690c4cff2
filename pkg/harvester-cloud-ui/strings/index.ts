/**
 * The extension's strings by pack, each loaded with the features that show it (shellAdapter/strings.ts). `l10n/`
 * holds only what the shell loads at start-up on every page: the side menu's entries, shown on every cluster.
 * Every user-facing string is in exactly one of these files, the same keys in en-us and zh-hans
 * (tests/unit/l10n/parity.test.ts); which packs each screen needs is checked from its code (packs.test.ts).
 */
export type Pack = 'guest' | 'addOnConfig' | 'storage' | 'snapshotClass' | 'topology' | 'overview' | 'loadBalancers' | 'volumeSnapshot' | 'setup';

/** One pack's file for one locale: a chunk of its own, fetched on first use. */
export function packFile(pack: string, locale: string): Promise<unknown> {
  return import(`./${ pack }/${ locale }.yaml`);
}
