/**
 * The demo as Harvester's load balancer controllers leave it: the seed (as it stands before they act, with its
 * history) is loaded into a state of its own, the simulator's controllers for load balancers (the cloud provider's
 * service half, load-balancer-harvester and its webhook, kube-vip) are offered every object, as controllers starting
 * on a full cluster are, and run until nothing is queued; the objects they leave are the seed the demo starts from.
 * Deterministic: uids come from the objects' names (demoUids.ts), the service controller's events get names in the
 * order they were recorded and times one second apart, from ten minutes before the settle.
 * The Harvester host's controller reconciles every LoadBalancer (the k3s guest's too: its finalizer, Ready); only the
 * guests named get the provider: it models cloud provider v0.2.x, not the k3s guest's v0.1.5.
 */
import { cloudProviderLoadBalancerController } from '../simulator/controllers/cloudProviderLoadBalancer';
import { eventClock } from '../simulator/controllers/events';
import { hostLoadBalancerController } from '../simulator/controllers/hostLoadBalancer';
import { kubeVipController } from '../simulator/controllers/kubeVip';
import { Controller, ControllerRuntime } from '../simulator/controllers/runtime';
import { steveId } from '../simulator/core/ids';
import { typeOfObject } from '../simulator/core/registry';
import { createState, SimState } from '../simulator/core/state';
import { KubeObject, Seed } from '../simulator/core/types';
import { demoUid, withDemoUids } from './demoUids';

/** A drain re-queues what its writes concern; a seed still busy after this many is a controller bug. */
const MAX_DRAINS = 20;

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v));
}

/** Offers the objects `only` keeps to these controllers and runs them until nothing is queued. */
function drain(state: SimState, controllers: Controller[], only: (clusterId: string, type: string, o: KubeObject) => boolean): void {
  const runtime = new ControllerRuntime(state, controllers, { auto: false });

  try {
    runtime.resyncAll(only);
    for (let i = 0; runtime.pending(); i++) {
      if (i >= MAX_DRAINS) {
        throw new Error(`demo seed: the controllers did not settle after ${ MAX_DRAINS } drains`);
      }
      runtime.step();
    }
  } finally {
    runtime.stop();
  }
}

/**
 * The host's controller first, then the guests' provider and kube-vip with it, as the real stack starts them (the
 * provider after the webhook is up); the provider starts on the guests' Services: offered the host's LoadBalancers
 * too, it would take them for the status changes of syncs that never started.
 */
function run(state: SimState, guestIds: string[]): void {
  const host = Object.values(state.clusters).find((c) => c.kind === 'harvester')?.id;

  // load-balancer-harvester reconciles every LoadBalancer on the host, the k3s guest's too (its finalizer, Ready).
  drain(state, [hostLoadBalancerController], (clusterId) => clusterId === host);
  drain(state, [cloudProviderLoadBalancerController, hostLoadBalancerController, kubeVipController], (c) => guestIds.includes(c));
}

/** The events the controllers recorded, renamed in the order they were recorded (client-go: `<object>.<hex>`). */
function renameEvents(clusterId: string, events: KubeObject[]): void {
  events.forEach((e, i) => {
    e.metadata.name = `${ e.involvedObject.name }.1880${ i.toString(16).padStart(12, '0') }`;
    e.metadata.uid = demoUid(clusterId, 'event', `${ e.metadata.namespace }/${ e.metadata.name }`);
  });
}

/** Each cluster's objects after the controllers: the seed's in their order, then those the controllers made. */
function collect(state: SimState, seed: Seed): Seed {
  return {
    clusters: seed.clusters.map((c) => {
      const now = state.clusters[c.id].objects;
      const seen = new Set<string>();
      const out: KubeObject[] = [];

      c.objects.forEach((o) => {
        const type = typeOfObject(o)?.id as string;
        const settled = now[type]?.[steveId(o)];

        if (settled) {
          seen.add(`${ type }\t${ steveId(o) }`);
          out.push(settled);
        }
      });
      const made: KubeObject[] = [];

      Object.entries(now).forEach(([type, objects]) => Object.entries(objects).forEach(([id, o]) => {
        if (!seen.has(`${ type }\t${ id }`)) {
          made.push(o);
        }
      }));
      const objects = clone([...out, ...made]);

      renameEvents(c.id, objects.slice(out.length).filter((o) => o.kind === 'Event'));
      objects.forEach((o) => {
        delete o.metadata.resourceVersion;
        o.metadata.uid = o.metadata.uid || demoUid(c.id, typeOfObject(o)?.id as string, steveId(o));
      });

      return { ...c, objects };
    }),
  };
}

/** The seed after the load balancer controllers ran over the host and the guests `guestIds` (Rancher cluster ids). */
export function settleSeed(seed: Seed, guestIds: string[]): Seed {
  const stamped = withDemoUids(seed);
  const state = createState(stamped);
  const wallClock = eventClock.now;
  let t = Date.now() - 10 * 60 * 1000;

  // One second per event: the page orders a Service's events by time (to the second), newest first.
  eventClock.now = () => (t += 1000);
  try {
    run(state, guestIds);
  } finally {
    eventClock.now = wallClock;
  }

  return collect(state, stamped);
}
