/** Steve's `DELETE /v1/<type>/<id>`; a namespace takes everything in it along. */
import { can } from '../rancher/access';
import { SteveContext } from './context';
import { forbidden, notFound } from '../core/errors';
import { TypeDef } from '../core/registry';
import { deleteObject } from '../core/state';
import { toSteveObject } from './steveObject';
import { ok } from '../core/responses';
import { KubeObject, SimResponse } from '../core/types';
import { findVisible, splitId } from './visible';

export function remove(ctx: SteveContext, t: TypeDef, id: string): SimResponse {
  const { namespace, name } = splitId(id);

  if (!can(ctx.user, ctx.cluster, t, 'delete')) {
    return forbidden(ctx.user, t, 'delete', namespace, name);
  }
  if (!findVisible(ctx, t, id)) {
    return notFound(t, name);
  }
  const gone = deleteObject(ctx.state, ctx.cluster.id, t.id, id) as KubeObject;

  if (t.id === 'namespace') {
    // Namespace deletion takes everything in it along.
    for (const [typeId, objs] of Object.entries(ctx.cluster.objects)) {
      for (const [oid, o] of Object.entries(objs)) {
        if (o.metadata.namespace === name) {
          deleteObject(ctx.state, ctx.cluster.id, typeId, oid);
        }
      }
    }
  }

  return ok(toSteveObject(ctx, t, gone));
}
