import { warnOnce } from './versions';
import type { SchemaMethods } from '../shared/access';
import type { Translate } from '../shared/translate';

/**
 * What a list row (a shell model) knows of its store: the table column `getValue` of the extension API receives the
 * row only, and the shell's models reach their store through `$rootGetters` (shell/plugins/dashboard-store/resource-class.js).
 */
type Getters = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface RowLike { $rootGetters?: Getters }

function gettersOf(row: unknown): Getters | undefined {
  const getters = (row as RowLike)?.$rootGetters;

  if (!getters) {
    warnOnce('`$rootGetters` on list rows', 'list columns show translation keys and no load-balancer state, and the snapshot row actions show on every PVC');
  }

  return getters;
}

/** The dashboard's translation for a row's column (the key itself when the row has no store). */
export function rowTranslate(row: unknown): Translate {
  return (key, args) => gettersOf(row)?.['i18n/t']?.(key, args) || key;
}

/**
 * The user's schema of a type in the row's cluster (`cluster/schemaFor`, as shellAdapter/schemas.ts reads it): null when
 * the user has none; undefined when the row has no store to ask (then nothing is known of the user's rights).
 */
export function rowSchemaOf(row: unknown, type: string): SchemaMethods | null | undefined {
  const getters = gettersOf(row);

  return getters ? getters['cluster/schemaFor']?.(type) || null : undefined;
}

/**
 * The objects of a type the row's store already holds. Asking `cluster/all` for a type never loaded registers it
 * and warns in the shell, so only types the store has are asked.
 */
export function rowStoreAll<T>(row: unknown, type: string): T[] {
  const getters = gettersOf(row);

  return getters?.['cluster/typeRegistered']?.(type) ? getters['cluster/all'](type) || [] : [];
}
