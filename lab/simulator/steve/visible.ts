/** What of a type a user sees (user preferences made on first read), and the parts of a Steve id. */
import { canSeeObject } from '../rancher/access';
import { SteveContext } from './context';
import { newUid } from '../core/ids';
import { TypeDef } from '../core/registry';
import { getObject, listObjects, storeObject } from '../core/state';
import { KubeObject } from '../core/types';

export function nowIso(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

/** Objects of a type this user may see, after per-user preparation (user preferences exist on first read). */
export function visibleObjects(ctx: SteveContext, t: TypeDef): KubeObject[] {
  if (t.id === 'userpreference') {
    ensurePreference(ctx);
  }

  return listObjects(ctx.state, ctx.cluster.id, t.id).filter((o) => canSeeObject(ctx.user, ctx.cluster, t, o));
}

/** Rancher keeps one preference object per user and creates it on first use. */
function ensurePreference(ctx: SteveContext): void {
  if (!getObject(ctx.state, ctx.cluster.id, 'userpreference', ctx.user.id)) {
    storeObject(ctx.state, ctx.cluster.id, 'userpreference', {
      metadata: {
        name: ctx.user.id, uid: newUid(ctx.user.id), creationTimestamp: nowIso()
      },
      data: {},
    });
  }
}

export function findVisible(ctx: SteveContext, t: TypeDef, id: string): KubeObject | undefined {
  if (t.id === 'userpreference') {
    ensurePreference(ctx);
  }
  const obj = getObject(ctx.state, ctx.cluster.id, t.id, id);

  return obj && canSeeObject(ctx.user, ctx.cluster, t, obj) ? obj : undefined;
}

export function splitId(id: string): { namespace?: string; name: string } {
  const i = id.indexOf('/');

  return i < 0 ? { name: id } : { namespace: id.slice(0, i), name: id.slice(i + 1) };
}
