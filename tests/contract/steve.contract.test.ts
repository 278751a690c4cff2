/**
 * @jest-environment node
 *
 * The simulator against real Rancher: for each response Rancher's own e2e suite recorded (@rancher/cypress
 * blueprints), the simulator is given the same Kubernetes objects and asked the same request; the two answers are
 * compared field by field: envelope, links, metadata (fields columns, Age format, state, relationships), the
 * objects themselves, schemas and error bodies. Any difference not in the allow-list (allowList.ts, each with its
 * reason) fails, and so does an allow-list entry that no longer differs.
 */
import { handleRequest } from '../../lab/simulator/router';
import { createState, SimState, storeObject } from '../../lab/simulator/core/state';
import { fromSteveObject } from '../../lab/simulator/steve/steveObject';
import { lookupType, TypeDef } from '../../lab/simulator/core/registry';
import { ClusterKind, SimResponse, UserName } from '../../lab/simulator/core/types';
import { ALLOWED } from './allowList';
import { recorded, recordedValue, specLiteral } from './blueprints';
import { compareResponses, Difference, summarize } from './compare';

const GUEST = 'c-m-contract';

/** A simulator with one cluster holding the recorded objects, stored as the API server had them. */
function stateWith(resourceType = '', objects: any[] = [], kind: ClusterKind = 'local', id = 'local'): SimState {
  const state = createState({
    clusters: [{
      id, kind, objects: []
    }]
  });
  const t = lookupType(resourceType, kind);

  if (objects.length && !t) {
    throw new Error(`the simulator has no type ${ resourceType }`);
  }
  for (const o of objects) {
    storeObject(state, id, (t as TypeDef).id, fromSteveObject(o));
  }

  return state;
}

/** The simulator's answer to a request made through the host the recording was made on. */
function ask(state: SimState, path: string, origin: string, user: UserName = 'admin'): SimResponse & { body: any } {
  // A recording with relative links was made without a host the links could name.
  const url = origin ? new URL(origin) : null;

  return handleRequest(state, {
    method: 'GET', path, user, headers: url ? { host: url.host, 'x-forwarded-proto': url.protocol.replace(':', '') } : {}
  }) as SimResponse & { body: any };
}

function originOf(link: string): string {
  return link.startsWith('/') ? '' : new URL(link).origin;
}

const seen: Difference[] = [];

function check(diffs: Difference[]): void {
  seen.push(...diffs);
  const unexplained = diffs.filter((d) => !ALLOWED[d.key]);

  expect(summarize(unexplained)).toEqual({});
}

const COLLECTIONS: { label: string; file: string; fn: string; args?: unknown[] }[] = [
  {
    label: 'services', file: 'explorer/workloads/service-discovery/services-get', fn: 'generateServicesDataSmall'
  },
  {
    label: 'storageclasses', file: 'explorer/storage/storage-classes-get', fn: 'generateStorageClassesDataSmall'
  },
  {
    label: 'events', file: 'explorer/cluster/events', fn: 'generateEventsDataSmall'
  },
  {
    label: 'pods', file: 'explorer/workloads/pods/pods-get', fn: 'generatePodsDataSmall'
  },
  {
    label: 'persistentvolumeclaims', file: 'explorer/storage/persistent-volume-claims-get', fn: 'generatePersistentVolumeClaimsDataSmall', args: ['pvcs']
  },
  {
    label: 'persistentvolumes', file: 'explorer/storage/persistent-volumes-get', fn: 'generatePersistentVolumesDataSmall'
  },
  {
    label: 'serviceaccounts', file: 'explorer/core/service-accounts-get', fn: 'generateServiceAccDataSmall'
  },
  {
    label: 'deployments', file: 'explorer/workloads/deployments/deployments-get', fn: 'generateDeploymentsDataSmall'
  },
];

const COLLECTION_RULES = {
  revision:                          'type',
  'data[].metadata.resourceVersion': 'type',
  // Ages were printed at recording time: only their format can match.
  'data[].metadata.fields[]':        'valueOrDuration',
} as const;

describe('the simulator against Rancher\'s recorded responses (@rancher/cypress blueprints)', () => {
  it.each(COLLECTIONS)('GET collection: $label', ({
    label, file, fn, args = []
  }) => {
    const rec = recorded(file, fn, ...args);
    const path = rec.url.replace(/\?.*$/, '');
    const origin = originOf(rec.body.links.self);
    const sim = ask(stateWith(rec.body.resourceType, rec.body.data), path, origin);

    expect(sim.status).toBe(rec.status);
    // Items are matched by id: the recordings are not all in the order Rancher listed them.
    const byId = new Map((sim.body.data || []).map((d: any) => [d.id, d]));
    const simBody = { ...sim.body, data: rec.body.data.map((d: any) => byId.get(d.id) ?? { missing: d.id }) };

    check(compareResponses(rec.body, simBody, { label, rules: COLLECTION_RULES }));
  });

  // generateFakeCountSchema and generateFakeNamespaceSchema are the node schema with another id (fakes made for a
  // navigation test), so they record nothing about those types.
  it.each(['Node', 'Daemonset', 'Pod'])('GET schema: %s', (name) => {
    const rec = recordedValue('nav/k8s-schemas', `generateFake${ name }Schema`, GUEST);
    const sim = ask(stateWith('', [], 'guest', GUEST), `/k8s/clusters/${ GUEST }/v1/schemas/${ rec.id }`, originOf(rec.links.self));

    expect(sim.status).toBe(200);
    check(compareResponses(rec, sim.body, { label: `schema ${ rec.id }` }));
  });

  it('error body: 403 on a resource the user may not read', () => {
    // Rancher's cluster dashboard spec answers with the body Steve gives (apiserver pkg/handlers/error.go toError).
    const rec = specLiteral('pages/explorer/dashboard/cluster-dashboard.spec.ts', 'forbiddenResponse');
    const sim = ask(stateWith(), '/v1/apps.deployments/cattle-fleet-system/fleet-controller', 'https://rancher.example', 'viewer');

    expect(sim.status).toBe(rec.status);
    // The spec's message is shortened by hand; the simulator's is Kubernetes' full RBAC text.
    check(compareResponses(rec, sim.body, { label: 'error 403', rules: { message: 'type' } }));
  });

  it('has no allow-list entry that no longer differs', () => {
    const stale = Object.keys(ALLOWED).filter((k) => !seen.some((d) => d.key === k));

    expect(stale).toEqual([]);
  });
});
