/** @jest-environment node */
import { call, demoState, RKE2 } from './helpers';

describe('Steve shapes', () => {
  const state = demoState();

  it('collections carry type, resourceType, revision, count, links, actions and createTypes', () => {
    const res = call(state, 'GET', `${ RKE2 }/services`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'collection', resourceType: 'service', links: { self: `${ RKE2 }/services` }, actions: {}, createTypes: { service: `${ RKE2 }/services` }
    });
    expect(res.body.revision).toMatch(/^\d+$/);
    expect(res.body.count).toBe(res.body.data.length);
  });

  it('resources have id, type, links, metadata.state and a string resourceVersion', () => {
    const res = call(state, 'GET', `${ RKE2 }/services/default/web-pool`);

    expect(res.body).toMatchObject({
      id:    'default/web-pool',
      type:  'service',
      links: {
        self: `${ RKE2 }/services/default/web-pool`, update: `${ RKE2 }/services/default/web-pool`, remove: `${ RKE2 }/services/default/web-pool`, view: '/k8s/clusters/c-m-rke2g001/api/v1/namespaces/default/services/web-pool'
      },
      metadata: {
        name:      'web-pool',
        namespace: 'default',
        state:     {
          name: 'active', error: false, transitioning: false
        }
      },
    });
    expect(typeof res.body.metadata.resourceVersion).toBe('string');
    expect(call(state, 'GET', `${ RKE2 }/services/default/other-network`).body.metadata.state).toMatchObject({ name: 'pending', transitioning: true });
  });

  it('cluster-scoped resources use the name as id; plural and singular type names both work', () => {
    expect(call(state, 'GET', `${ RKE2 }/nodes/rke2-guest-pool1-a`).body.id).toBe('rke2-guest-pool1-a');
    expect(call(state, 'GET', `${ RKE2 }/storage.k8s.io.storageclass/harvester`).body.provisioner).toBe('driver.harvesterhci.io');
    expect(call(state, 'GET', `${ RKE2 }/apps.deployments/kube-system`).body.data.map((d: any) => d.id)).toEqual(['kube-system/harvester-cloud-provider']);
  });

  it('schemas carry methods, attributes and columns; fields come from schemaDefinitions, as in Rancher 2.8+', () => {
    const schemas = call(state, 'GET', `${ RKE2 }/schemas`).body;
    const svc = schemas.data.find((s: any) => s.id === 'service');

    expect(svc).toMatchObject({
      type:              'schema',
      links:             { self: `${ RKE2 }/schemas/service`, collection: `${ RKE2 }/services` },
      resourceMethods:   expect.arrayContaining(['GET', 'PUT', 'DELETE']),
      collectionMethods: ['GET', 'POST'],
      resourceFields:    null,
      attributes:        {
        group: '', version: 'v1', kind: 'Service', namespaced: true, resource: 'services', verbs: expect.arrayContaining(['update'])
      },
    });
    expect(svc.attributes.columns[0]).toEqual(expect.objectContaining({ name: 'Name', field: '$.metadata.fields[0]' }));
    expect(call(state, 'GET', `${ RKE2 }/services/default/web-pool`).body.metadata.fields[0]).toBe('web-pool');
    // Age as kubectl prints it (the seed is a day old), as Steve's formatter sends it.
    expect(call(state, 'GET', `${ RKE2 }/services/default/web-pool`).body.metadata.fields[5]).toBe('24h');
    // The shell's Pod model calls .match on the Restarts cell (shell/models/pod.js): it must be a string.
    for (const pod of call(state, 'GET', `${ RKE2 }/pods`).body.data) {
      expect(pod.metadata.fields[3]).toEqual(expect.stringMatching(/^\d+( \(.+ ago\))?$/));
    }

    const defs = call(state, 'GET', `${ RKE2 }/schemaDefinitions/service`).body;

    expect(defs.definitionType).toBe('service');
    expect(defs.definitions['io.k8s.api.core.v1.ServicePort'].resourceFields.port.type).toBe('int');
  });

  it('every type a definition refers to is defined in the same answer (the dashboard walks them)', () => {
    const primitive = new Set(['string', 'int', 'boolean', 'date', 'map', 'array', 'intOrString', 'base64', 'number', 'json']);

    for (const id of ['service', 'storage.k8s.io.storageclass', 'configmap', 'node', 'apps.deployment', 'event']) {
      const { definitions } = call(state, 'GET', `${ RKE2 }/schemaDefinitions/${ id }`).body;

      for (const d of Object.values(definitions) as any[]) {
        for (const f of Object.values(d.resourceFields) as any[]) {
          for (const ref of [f.type, f.subtype].filter(Boolean)) {
            expect(primitive.has(ref) || !!definitions[ref]).toBe(true);
          }
        }
      }
    }
  });

  it('errors are { type: error, status, code, message }', () => {
    expect(call(state, 'GET', `${ RKE2 }/services/default/nope`).body).toEqual({
      type: 'error', links: {}, status: 404, code: 'NotFound', message: 'services "nope" not found'
    });
  });

  it('counts hold a summary count for every listable type', () => {
    const counts = call(state, 'GET', `${ RKE2 }/counts`).body.data[0].counts;

    expect(counts.service.summary.count).toBe(9);
    expect(counts.node.summary.count).toBe(6);
    expect(counts['apps.statefulset'].summary.count).toBe(0);
  });

  it('filters, selectors, exclude and paging', () => {
    const host = '/k8s/clusters/c-hh001/v1';

    expect(call(state, 'GET', `${ host }/kubevirt.io.virtualmachineinstances`, { query: { fieldSelector: 'status.nodeName=hh-node-3' } }).body.data.map((d: any) => d.id))
      .toEqual(['default/rke2-guest-pool1-c', 'default/rke2-guest-pool1-f']);
    expect(call(state, 'GET', `${ host }/loadbalancer.harvesterhci.io.loadbalancers`, { query: { labelSelector: 'cloudprovider.harvesterhci.io/cluster=rke2-guest,cloudprovider.harvesterhci.io/serviceName in (web-dhcp)' } }).body.data)
      .toHaveLength(1);
    expect(call(state, 'GET', `${ RKE2 }/services`, { query: { filter: 'spec.type=LoadBalancer' } }).body.count).toBe(7);
    expect(call(state, 'GET', `${ RKE2 }/services/default/web-pool`, { query: { exclude: 'spec' } }).body.spec).toBeUndefined();
    // Steve takes each `exclude`/`include` value as one dotted path: a comma list names no field and drops nothing.
    expect(call(state, 'GET', `${ RKE2 }/services/default/web-pool`, { query: { exclude: 'metadata.managedFields,spec' } }).body.spec).toBeDefined();
    // `include` keeps only the named paths of the object; the resource's id, type and links stay (formatter.go).
    const slim = call(state, 'GET', `${ RKE2 }/services`, { query: new URLSearchParams([['filter', 'spec.type=LoadBalancer'], ['include', 'metadata.name'], ['include', 'spec.ports']]) }).body.data[0];

    expect(Object.keys(slim).sort()).toEqual(['id', 'links', 'metadata', 'spec', 'type']);
    expect(Object.keys(slim.metadata)).toEqual(['name']);
    expect(Object.keys(slim.spec)).toEqual(['ports']);

    const first = call(state, 'GET', `${ RKE2 }/nodes`, { query: { limit: '4' } }).body;
    const rest = call(state, 'GET', `${ RKE2 }/nodes`, { query: { limit: '4', continue: first.continue } }).body;

    expect([...first.data, ...rest.data].map((n: any) => n.id)).toHaveLength(6);
    expect(rest.continue).toBeUndefined();
    // The last page is still partial (a `continue` was asked) but has no next link (apiserver newCollection).
    expect(rest.pagination).toEqual({
      limit: 4, first: expect.stringMatching(/\/nodes$/), partial: true
    });

    // Page 2 of a filtered list stays filtered: `next` keeps every parameter (apiserver urlbuilder Marker).
    const lb = call(state, 'GET', `${ RKE2 }/services`, { query: { filter: 'spec.type=LoadBalancer', limit: '1' } }).body;

    expect(lb.pagination).toEqual({
      limit: 1, first: expect.stringMatching(/\/services$/), next: expect.stringMatching(/\/services\?continue=[^&]+&filter=spec.type%3DLoadBalancer&limit=1$/), partial: true
    });
    const next = new URL(lb.pagination.next, 'http://x');
    const page2 = call(state, 'GET', `${ RKE2 }/services`, { query: next.searchParams }).body;

    expect(page2.data.map((d: any) => d.spec.type)).toEqual(['LoadBalancer']);
    expect(page2.data[0].id).not.toBe(lb.data[0].id);

    const page = call(state, 'GET', '/v1/management.cattle.io.clusters', {
      query: {
        page: '1', pagesize: '2', sort: 'spec.displayName', filter: 'spec.internal=false'
      }
    }).body;

    expect(page.count).toBe(5);
    expect(page.pages).toBe(3);
    expect(page.data.map((c: any) => c.spec.displayName)).toEqual(['harvester-host', 'k3s-bare']);
  });
});

describe('the dashboard\'s server-side pagination parameters', () => {
  const state = demoState();
  const names = (query: Record<string, string | string[]>) => call(state, 'GET', '/v1/management.cattle.io.clusters', { query }).body.data.map((c: any) => c.id);

  it('filters with =, !=, ~, IN, NOTIN, label paths, negated groups; sorts by metadata.fields', () => {
    expect(names({ filter: 'metadata.labels[provider.cattle.io]!=harvester', sort: 'metadata.name' })).toEqual(['c-k3sb001', 'c-k3sg001', 'c-m-rke2g001', 'c-plain001', 'local']);
    expect(names({ filter: 'spec.displayName~GUEST' })).toEqual(['c-k3sg001', 'c-m-rke2g001']);
    expect(names({ filter: 'id NOTIN (local,c-hh001)', sort: '-id' })).toEqual(['c-plain001', 'c-m-rke2g001', 'c-k3sg001', 'c-k3sb001']);
    expect(names({ 'filter!': 'status.provider=rke2,status.provider=harvester' })).toEqual(['c-k3sb001', 'c-k3sg001']);
    expect(names({ filter: ['spec.internal=false', 'status.provider=rke2'] })).toEqual(['c-m-rke2g001', 'c-plain001']);
    expect(names({
      filter: 'metadata.labels[provider.cattle.io]=rke2,metadata.labels[provider.cattle.io]=k3s', pagesize: '2', page: '2', sort: 'metadata.name'
    })).toEqual(['c-m-rke2g001', 'c-plain001']);
    expect(call(state, 'GET', '/k8s/clusters/c-m-rke2g001/v1/services', { query: { sort: '-metadata.fields[0]' } }).body.data[0].id).toBe('default/web-shared');
  });
});
