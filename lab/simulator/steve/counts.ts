import { can, canSeeObject } from '../rancher/access';
import { SteveContext, steveBase } from './context';
import { typesIn } from '../core/registry';
import { listObjects } from '../core/state';
import { summarize } from './summary';

interface Summary {
  count: number;
  states?: Record<string, number>;
  errors?: number;
  transitioning?: number;
}

function add(s: Summary, state: { name: string; error: boolean; transitioning: boolean }): void {
  s.count++;
  if (state.name !== 'active') {
    s.states = s.states || {};
    s.states[state.name] = (s.states[state.name] || 0) + 1;
  }
  if (state.error) {
    s.errors = (s.errors || 0) + 1;
  }
  if (state.transitioning) {
    s.transitioning = (s.transitioning || 0) + 1;
  }
}

/**
 * Steve's `count` object: per type a summary and per-namespace summaries. Every listable type is present with
 * an explicit `count` (the dashboard reads `counts[type].summary.count`).
 */
export function countsObject(ctx: SteveContext): any {
  const counts: Record<string, { summary: Summary; namespaces: Record<string, Summary>; revision: string }> = {};

  for (const t of typesIn(ctx.cluster.kind)) {
    if (t.virtual || !can(ctx.user, ctx.cluster, t, 'list')) {
      continue;
    }
    const entry = {
      summary: { count: 0 } as Summary, namespaces: {} as Record<string, Summary>, revision: '0'
    };
    let revision = 0;

    for (const obj of listObjects(ctx.state, ctx.cluster.id, t.id)) {
      if (!canSeeObject(ctx.user, ctx.cluster, t, obj)) {
        continue;
      }
      const state = summarize(t.id, obj);

      add(entry.summary, state);
      if (obj.metadata.namespace) {
        add(entry.namespaces[obj.metadata.namespace] = entry.namespaces[obj.metadata.namespace] || { count: 0 }, state);
      }
      revision = Math.max(revision, parseInt(obj.metadata.resourceVersion || '0', 10));
    }
    entry.revision = `${ revision }`;
    counts[t.id] = entry;
  }

  return {
    id:       'count',
    type:     'count',
    links:    { self: `${ steveBase(ctx) }/counts/count` },
    metadata: {
      name:  'count',
      state: {
        name: 'active', error: false, transitioning: false, message: ''
      }
    },
    counts,
  };
}

export function countsCollection(ctx: SteveContext): any {
  return {
    type:         'collection',
    links:        { self: `${ steveBase(ctx) }/counts` },
    actions:      {},
    resourceType: 'count',
    revision:     `${ ctx.cluster.revision }`,
    count:        1,
    data:         [countsObject(ctx)],
  };
}
