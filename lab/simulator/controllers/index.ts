/**
 * The controllers the simulator runs beside its Steve core, as the real ones act on a Harvester setup, and the
 * test control API for them (`/__sim/controllers/*`):
 *   POST step                               reconcile everything queued; answers { processed }
 *   POST resync                             queue every object, as controllers starting on a full cluster see them
 *   POST migrate { vm, node, namespace? }   live-migrate a guest's VM to another host node
 *   POST pools   <IPPool>                   add (or replace) an IP pool on the Harvester host
 * On in demo mode (`startSimServer({ controllers: true })`), automatic after changes; off unless asked, so tests
 * see only what they do, or drive them with `step`. The e2e and compat suites run the CSI pair only, on `step`
 * only (`CSI_ON_STEP`): a flow decides when the driver acts, and no other flow sees them act.
 */
import { errorResponse } from '../core/errors';
import { newUid } from '../core/ids';
import { SimState, storeObject } from '../core/state';
import { KubeObject, SimResponse } from '../core/types';
import { cloudProviderLoadBalancerController } from './cloudProviderLoadBalancer';
import { csiController } from './csi';
import { csiSnapshotController } from './csiSnapshots';
import { hostLoadBalancerController, POOL_TYPE } from './hostLoadBalancer';
import { kubeVipController } from './kubeVip';
import { ControllerRuntime } from './runtime';
import { migrateVm, topologyController } from './topology';
import { VM_NAMESPACE } from './harvesterGuests';

export const CONTROLLERS = [cloudProviderLoadBalancerController, hostLoadBalancerController, kubeVipController, csiController, csiSnapshotController, topologyController];

export interface ControllerOptions {
  /** Reconcile on their own shortly after changes (demo); otherwise only on `step`. */
  auto?: boolean;
  delayMs?: number;
  /** Only the controllers of these names (all when absent). */
  only?: string[];
}

/** The CSI driver's pair (provisioning and binding, snapshots and restores), reconciling only on `step`. */
export const CSI_ON_STEP: ControllerOptions = { auto: false, only: [csiController.name, csiSnapshotController.name] };

function json(body: unknown, status = 200): SimResponse {
  return {
    status, headers: { 'content-type': 'application/json' }, body
  };
}

function hostOf(state: SimState): string | undefined {
  return Object.values(state.clusters).find((c) => c.kind === 'harvester')?.id;
}

function control(state: SimState, runtime: ControllerRuntime, method: string, segments: string[], body: any): SimResponse {
  const [what] = segments;
  const host = hostOf(state);

  if (method !== 'POST') {
    return errorResponse(405, 'MethodNotAllowed', `Method ${ method } not supported`);
  }
  if (what === 'step') {
    return json({ processed: runtime.step() });
  }
  if (what === 'resync') {
    runtime.resyncAll();

    return json({ queued: runtime.pending() });
  }
  if (what === 'migrate' && host) {
    const result = migrateVm(state, host, body?.namespace || VM_NAMESPACE, `${ body?.vm || '' }`, `${ body?.node || '' }`);

    return typeof result === 'string' ? errorResponse(404, 'NotFound', result) : json(result);
  }
  if (what === 'pools' && host) {
    const pool: KubeObject = {
      apiVersion: 'loadbalancer.harvesterhci.io/v1beta1', kind: 'IPPool', ...body
    };

    if (!pool.metadata?.name || !Array.isArray(pool.spec?.ranges)) {
      return errorResponse(400, 'BadRequest', 'POST an IPPool: { metadata: { name }, spec: { ranges: [...], selector: { network, scope, priority } } }');
    }
    pool.metadata.uid = pool.metadata.uid || newUid(`${ host }/ippool/${ pool.metadata.name }`);
    pool.metadata.creationTimestamp = pool.metadata.creationTimestamp || new Date().toISOString().replace(/\.\d+Z$/, 'Z');

    return json(storeObject(state, host, POOL_TYPE, pool), 201);
  }

  return errorResponse(404, 'NotFound', `/__sim/controllers/${ segments.join('/') } not found`);
}

/** Starts the controllers on a state and registers their control API; returns the runtime (stop() to end). */
export function startControllers(state: SimState, opts: ControllerOptions = {}): ControllerRuntime {
  const chosen = opts.only ? CONTROLLERS.filter((c) => opts.only?.includes(c.name)) : CONTROLLERS;
  const runtime = new ControllerRuntime(state, chosen, { auto: !!opts.auto, delayMs: opts.delayMs });

  state.controls.controllers = (method, segments, body) => control(state, runtime, method, segments, body);

  return runtime;
}
