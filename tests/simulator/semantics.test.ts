/** @jest-environment node */
import { call, demoState, RKE2 } from './helpers';
import { ChangeEvent } from '../../lab/simulator/core/types';

const WEB_POOL = `${ RKE2 }/services/default/web-pool`;

describe('Kubernetes semantics', () => {
  it('every write takes the next resourceVersion of its cluster and is announced', () => {
    const state = demoState();
    const events: ChangeEvent[] = [];

    state.on('change', (ev) => events.push(ev));
    const before = call(state, 'GET', WEB_POOL).body;
    const after = call(state, 'PUT', WEB_POOL, { body: before }).body;

    expect(Number(after.metadata.resourceVersion)).toBe(Number(call(state, 'GET', `${ RKE2 }/services`).body.revision));
    expect(Number(after.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
    expect(events).toEqual([expect.objectContaining({
      name: 'resource.change', cluster: 'c-m-rke2g001', type: 'service', id: 'default/web-pool'
    })]);
    expect(state.requests.slice(0, 2).map((r) => `${ r.method } ${ r.status }`)).toEqual(['GET 200', 'PUT 200']);
  });

  it('a PUT with a stale resourceVersion gets 409 Conflict with the Kubernetes message', () => {
    const state = demoState();
    const stale = call(state, 'GET', WEB_POOL).body;

    call(state, 'PUT', WEB_POOL, { body: stale });
    const res = call(state, 'PUT', WEB_POOL, { body: stale });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      type: 'error', links: {}, status: 409, code: 'Conflict', message: 'Operation cannot be fulfilled on services "web-pool": the object has been modified; please apply your changes to the latest version and try again'
    });
  });

  it('keeps status and allocated values on update, as the API server does', () => {
    const state = demoState();
    const svc = call(state, 'GET', WEB_POOL).body;

    delete svc.spec.clusterIP;
    svc.status = {};
    const saved = call(state, 'PUT', WEB_POOL, { body: svc }).body;

    expect(saved.spec.clusterIP).toBe('10.43.20.11');
    expect(saved.status.loadBalancer.ingress[0].ip).toBe('192.168.100.50');
  });

  it('the viewer gets 403: from Steve for a method its schema lacks, from the API server (the RBAC message) below it, and schemas without write methods', () => {
    const state = demoState();
    const svc = call(state, 'GET', WEB_POOL, { as: 'viewer' }).body;

    expect(svc.links.update).toBeUndefined();
    // Steve refuses before the API server (rancher/apiserver ValidateMethod), as Rancher's own server answered.
    for (const [method, path] of [['PUT', WEB_POOL], ['DELETE', WEB_POOL], ['POST', `${ RKE2 }/services/default`]]) {
      const res = call(state, method, path, { body: svc, as: 'viewer' });

      expect([res.status, res.body.code, res.body.message]).toEqual([403, 'PermissionDenied', `Method ${ method } not supported`]);
    }
    expect(call(state, 'GET', `${ RKE2 }/services/default`, { as: 'viewer' }).status).toBe(200);
    // The Kubernetes API through Rancher's proxy has no Steve: the API server's RBAC answers.
    const res = call(state, 'PUT', '/k8s/clusters/c-m-rke2g001/api/v1/namespaces/default/services/web-pool', { body: svc, as: 'viewer' });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Forbidden' });
    expect(res.body.message).toBe('services "web-pool" is forbidden: User "u-viewer" cannot update resource "services" in API group "" in the namespace "default"');
    const schema = call(state, 'GET', `${ RKE2 }/schemas/service`, { as: 'viewer' }).body;

    expect(schema.resourceMethods).toEqual(['GET']);
    expect(schema.collectionMethods).toEqual(['GET']);
    // As steve's schema factory: attributes.verbs are the type's (discovery), the user's own are in access.
    const all = '*';

    expect(schema.attributes.verbs).toEqual(['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
    expect(schema.attributes.access).toEqual({
      get: [{ Namespace: all, ResourceName: all }], list: [{ Namespace: all, ResourceName: all }], watch: [{ Namespace: all, ResourceName: all }]
    });
    const adminSchema = call(state, 'GET', `${ RKE2 }/schemas/service`).body;

    expect(adminSchema.attributes.verbs).toEqual(schema.attributes.verbs);
    expect(Object.keys(adminSchema.attributes.access)).toEqual(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete']);
    expect([adminSchema.resourceMethods, adminSchema.collectionMethods]).toEqual([['GET', 'DELETE', 'PUT', 'PATCH'], ['GET', 'POST']]);
    // A cluster the viewer is not a member of: Rancher's proxy refuses before Steve, with a bodiless 401.
    expect(call(state, 'GET', '/k8s/clusters/c-hh001/v1/storage.k8s.io.storageclasses', { as: 'viewer' }).status).toBe(401);
    expect(call(state, 'GET', '/v1/management.cattle.io.clusters', { as: 'viewer' }).body.data.map((c: any) => c.id)).toEqual(['c-k3sg001', 'c-m-rke2g001', 'c-plain001']);
  });

  it('an invalid annotation key gets 422 with Kubernetes\' own message', () => {
    const state = demoState();
    const svc = call(state, 'GET', WEB_POOL).body;

    svc.metadata.annotations['bad key'] = 'x';
    const res = call(state, 'PUT', WEB_POOL, { body: svc });

    expect(res.status).toBe(422);
    expect(res.body.code).toBe('Invalid');
    expect(res.body.message).toBe(
      'Service "web-pool" is invalid: metadata.annotations: Invalid value: "bad key": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')'
    );
  });

  it('refuses StorageClass parameter and provisioner updates with 422 and Kubernetes\' text; labels may change', () => {
    const state = demoState();
    const list = call(state, 'GET', '/k8s/clusters/c-hh001/v1/storage.k8s.io.storageclasses').body.data;
    const sc = list.find((c: any) => c.parameters && Object.keys(c.parameters).length);
    const url = `/k8s/clusters/c-hh001/v1/storage.k8s.io.storageclasses/${ sc.id }`;

    const changed = {
      ...sc, parameters: { ...sc.parameters, extra: 'x' }, provisioner: 'other.csi.example.com'
    };
    const res = call(state, 'PUT', url, { body: changed });

    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      type: 'error', status: 422, code: 'Invalid'
    });
    expect(res.body.message).toBe(
      `StorageClass.storage.k8s.io "${ sc.id }" is invalid: [parameters: Forbidden: updates to parameters are forbidden., provisioner: Forbidden: updates to provisioner are forbidden.]`
    );
    expect(call(state, 'PATCH', url, { body: { parameters: { extra: 'x' } } }).body.message).toBe(
      `StorageClass.storage.k8s.io "${ sc.id }" is invalid: parameters: Forbidden: updates to parameters are forbidden.`
    );
    expect(call(state, 'PATCH', url, { body: { metadata: { labels: { tier: 'gold' } } } }).status).toBe(200);
  });

  it('checks label values, annotation prefixes and names on create; refuses duplicates', () => {
    const state = demoState();
    const make = (name: string, labels = {}, annotations = {}) => call(state, 'POST', `${ RKE2 }/services`, {
      body: {
        type:     'service',
        metadata: {
          name, namespace: 'default', labels, annotations
        },
        spec: { ports: [{ port: 80 }] }
      }
    });

    expect(make('ok', { tier: 'x'.repeat(64) }).body.message).toContain('metadata.labels: Invalid value: "xxxx');
    expect(make('ok', { tier: 'x'.repeat(64) }).body.message).toContain('must be no more than 63 characters');
    expect(make('ok', {}, { 'Bad_Prefix.com/a': 'v' }).body.message).toContain('prefix part a lowercase RFC 1123 subdomain');
    expect(make('Bad_Name').body.message).toContain('metadata.name: Invalid value: "Bad_Name": a DNS-1035 label');
    const created = make('new-svc', { tier: '' });

    expect(created.status).toBe(201);
    expect(created.body.metadata).toMatchObject({
      namespace: 'default', resourceVersion: expect.stringMatching(/^\d+$/), uid: expect.any(String)
    });
    expect(created.body.spec).toMatchObject({ type: 'ClusterIP', clusterIP: expect.stringMatching(/^10\.43\./) });
    expect(make('new-svc').body).toMatchObject({
      status: 409, code: 'AlreadyExists', message: 'services "new-svc" already exists'
    });
    expect(call(state, 'POST', `${ RKE2 }/configmaps/nowhere`, { body: { metadata: { name: 'x' } } }).status).toBe(404);
  });

  it('401 without credentials (with Rancher\'s not-logged-in header); tokens and sessions work', () => {
    const state = demoState();
    const anon = call(state, 'GET', `${ RKE2 }/services`, { as: null });

    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('Unauthorized');
    expect(anon.headers['x-api-cattle-auth']).toBe('false');
    expect(call(state, 'GET', `${ RKE2 }/services`, { as: null, headers: { authorization: 'Bearer token-demoviewer:demo' } }).status).toBe(200);
    const login = call(state, 'POST', '/v1-public/login', {
      as:   null,
      body: {
        username: 'admin', password: 'password', responseType: 'cookie'
      }
    });
    const cookie = `${ login.headers['set-cookie'] }`.split(';')[0];

    expect(call(state, 'GET', `${ RKE2 }/services`, { as: null, headers: { cookie } }).status).toBe(200);
    expect(call(state, 'POST', '/v1-public/login', { as: null, body: { username: 'admin', password: 'nope' } }).status).toBe(401);
  });

  it('404 for unknown paths, types, clusters and deleted objects', () => {
    const state = demoState();

    expect(call(state, 'GET', `${ RKE2 }/nosuchtypes`).status).toBe(404);
    expect(call(state, 'GET', '/k8s/clusters/c-nope/v1/services').status).toBe(404);
    expect(call(state, 'GET', '/v2/whatever').status).toBe(404);
    expect(call(state, 'DELETE', `${ RKE2 }/services/default/api`).status).toBe(204);
    expect(call(state, 'GET', `${ RKE2 }/services/default/api`).status).toBe(404);
    expect(call(state, 'DELETE', `${ RKE2 }/services/default/api`).status).toBe(404);
  });

  it('injected faults answer the next matching write, then go away', () => {
    const state = demoState();
    const svc = call(state, 'GET', WEB_POOL).body;

    state.faults.push({ match: { method: 'PUT' }, respond: 500 });
    state.faults.push({
      match: { method: 'PUT', path: 'web-pool' }, respond: 403, times: 1
    });
    expect(call(state, 'GET', WEB_POOL).status).toBe(200); // reads do not use up write faults
    expect(call(state, 'PUT', WEB_POOL, { body: svc }).status).toBe(500);
    expect(call(state, 'PUT', WEB_POOL, { body: svc }).body.message).toContain('cannot update resource "services"');
    expect(call(state, 'PUT', WEB_POOL, { body: svc }).status).toBe(200);
    expect(call(state, 'POST', '/__sim/faults', { body: { match: { type: 'service' }, respond: 'drop' } }).status).toBe(201);
    expect(call(state, 'DELETE', WEB_POOL).drop).toBe(true);
    expect(call(state, 'POST', '/__sim/faults', { body: { match: {}, respond: { delayMs: 5 } } }).status).toBe(201);
    expect(call(state, 'PUT', WEB_POOL, { body: call(state, 'GET', WEB_POOL).body }).delayMs).toBe(5);
    expect(call(state, 'GET', '/__sim/state/c-m-rke2g001/service/default/web-pool').body.metadata.name).toBe('web-pool');
  });

  it('Norman serves the Harvester cloud credential to admins only', () => {
    const state = demoState();

    expect(call(state, 'GET', '/v3/cloudcredentials/cattle-global-data:cc-harvester').body.harvestercredentialConfig).toEqual({ clusterId: 'c-hh001', clusterType: 'imported' });
    expect(call(state, 'GET', '/v3/cloudcredentials/cattle-global-data:cc-harvester', { as: 'viewer' }).status).toBe(403);
    expect(call(state, 'GET', '/v3/principals', { as: 'viewer' }).body.data).toEqual([expect.objectContaining({ id: 'local://u-viewer', me: true })]);
  });
});
