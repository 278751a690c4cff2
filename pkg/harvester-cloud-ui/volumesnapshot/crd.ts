/**
 * Why the user has no VolumeSnapshot schema (access.ts `noSchemaWhy`): one GET of the VolumeSnapshot CRD, only when
 * the user may read CRDs (a type without a schema answers 404 in Steve, which would read as "not installed").
 */
import { StoreLike } from '../data/store';
import { CRD } from '../data/typeIds';
import { guestGet } from '../data/guest';
import { readOrAbsent } from '../data/read';
import { mayDo } from '../shared/access';
import { schemaOf } from '../shellAdapter/schemas';
import { SchemaWhy, noSchemaWhy } from './access';

export const VOLUME_SNAPSHOT_CRD = 'volumesnapshots.snapshot.storage.k8s.io';

export async function whyNoSnapshotSchema(store: StoreLike): Promise<SchemaWhy> {
  if (!mayDo(schemaOf(store, 'cluster', CRD), 'get')) {
    return noSchemaWhy(null);
  }

  return noSchemaWhy(await readOrAbsent(() => guestGet(store, CRD, VOLUME_SNAPSHOT_CRD)));
}
