import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A handler the simulator's servers are handed to answer some requests before the simulator does (real mode:
 * lab/backends/real/proxy.ts, the real stack's clusters behind Rancher's proxy): true when it answered, or took over,
 * the request. The simulator imports nothing of what implements it.
 */
export interface ClusterFront {
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
}
