/** The Kubernetes API as Rancher proxies it, through the same core as Steve. */
import { call, demoState, RKE2 } from './helpers';

const K8S = '/k8s/clusters/c-m-rke2g001';

describe('the Kubernetes API behind links.view', () => {
  it('serves the object a Steve resource\'s view link names, without Steve\'s decorations', () => {
    const state = demoState();
    const steve = call(state, 'GET', `${ RKE2 }/services/default/web-pool`).body;
    const view = call(state, 'GET', steve.links.view);

    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      apiVersion: 'v1', kind: 'Service', metadata: { name: 'web-pool', resourceVersion: steve.metadata.resourceVersion }
    });
    expect(view.body.id).toBeUndefined();
    expect(view.body.metadata.fields).toBeUndefined();
    expect(call(state, 'GET', '/api/v1/namespaces').body.kind).toBe('NamespaceList'); // the local cluster at the root
  });

  it('discovery: versions, groups and resources of the cluster', () => {
    const state = demoState();

    expect(call(state, 'GET', `${ K8S }/version`).body.gitVersion).toBe('v1.33.5+rke2r1');
    expect(call(state, 'GET', `${ K8S }/api`).body).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    expect(call(state, 'GET', `${ K8S }/api/v1`).body.resources).toContainEqual(expect.objectContaining({
      name: 'services', kind: 'Service', namespaced: true, shortNames: ['svc']
    }));
    expect(call(state, 'GET', `${ K8S }/apis`).body.groups.map((g: any) => g.name)).toContain('apps');
    // A guest has no Harvester load balancer types; the host does.
    expect(call(state, 'GET', `${ K8S }/apis/loadbalancer.harvesterhci.io/v1beta1`).status).toBe(404);
    expect(call(state, 'GET', '/k8s/clusters/c-hh001/apis/loadbalancer.harvesterhci.io/v1beta1').body.resources.map((r: any) => r.name)).toContain('ippools');
  });

  it('lists, tables, writes and errors in Kubernetes\' shapes', () => {
    const state = demoState();
    const list = call(state, 'GET', `${ K8S }/api/v1/namespaces/default/services`, { query: { labelSelector: 'nope=1' } }).body;

    expect(list).toMatchObject({
      kind: 'ServiceList', apiVersion: 'v1', items: []
    });
    const tableRes = call(state, 'GET', `${ K8S }/api/v1/namespaces/default/services/web-pool`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } }).body;

    expect(tableRes.kind).toBe('Table');
    expect(tableRes.rows[0].cells.slice(0, 2)).toEqual(['web-pool', 'LoadBalancer']);

    const created = call(state, 'POST', `${ K8S }/api/v1/namespaces/default/configmaps`, {
      body: {
        apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kc' }, data: { a: '1' }
      }
    });

    expect(created.status).toBe(201);
    expect(call(state, 'GET', `${ RKE2 }/configmaps/default/kc`).body.data).toEqual({ a: '1' });
    expect(call(state, 'POST', `${ K8S }/api/v1/namespaces/default/configmaps`, { body: { metadata: { name: 'kc' } } }).body).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'AlreadyExists', message: 'configmaps "kc" already exists', details: { name: 'kc', kind: 'configmaps' }, code: 409
    });
    expect(call(state, 'GET', `${ K8S }/api/v1/namespaces/default/services/web-pool`, { as: null }).status).toBe(401);
    expect(call(state, 'PATCH', `${ K8S }/apis/storage.k8s.io/v1/storageclasses/harvester`, { body: { provisioner: 'x' }, headers: { 'content-type': 'application/strategic-merge-patch+json' } }).body).toMatchObject({
      kind: 'Status', reason: 'Invalid', code: 422, message: expect.stringContaining('provisioner: Forbidden: updates to provisioner are forbidden.')
    });
  });
});
