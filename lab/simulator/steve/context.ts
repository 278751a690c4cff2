import { SimState } from '../core/state';
import { ClusterState, SimUser } from '../core/types';

/** What every Steve handler needs to know about the request it answers. */
export interface SteveContext {
  state: SimState;
  user: SimUser;
  cluster: ClusterState;
  /** Scheme and host links should carry (`https://localhost:8005`), or '' for links relative to the root. */
  origin: string;
  /** `''` for Rancher's own cluster, `/k8s/clusters/<id>` for a downstream one. */
  prefix: string;
}

export function steveBase(ctx: SteveContext): string {
  return `${ ctx.origin }${ ctx.prefix }/v1`;
}
