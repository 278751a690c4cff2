/**
 * Steve's SQL cache sorts and filters only on the fields it indexes and refuses any other with 422 (rancher/steve
 * v0.10.2 sqlgenerator.go getValidFieldEntry); the simulator does the same (lab/simulator/steve/indexedFields.ts).
 */
import { columnsFor } from '../../lab/simulator/steve/columns';
import { indexedFields, refusedField } from '../../lab/simulator/steve/indexedFields';
import { parseListQuery } from '../../lab/simulator/steve/listQuery';
import { lookupType } from '../../lab/simulator/core/registry';
import { KubeObject } from '../../lab/simulator/core/types';
import { call, demoState, RKE2 } from './helpers';

const state = demoState();
const list = (path: string, query: Record<string, string | string[]>) => call(state, 'GET', `${ RKE2 }/${ path }`, { query });
const ids = (path: string, query: Record<string, string | string[]>) => {
  const res = list(path, query);

  expect(res.status).toBe(200);

  return res.body.data.map((o: any) => o.id);
};
const refusal = (field: string) => ({
  type: 'error', links: {}, status: 422, code: 'InvalidBodyContent', message: `column is invalid [${ field }]: supplied column is invalid`
});

describe('sorts and filters Steve\'s SQL cache refuses', () => {
  it('refuses a sort on an unindexed path with Steve\'s 422, naming the field as SafeSplit and smartJoin mangle it', () => {
    const res = list('services/default', { sort: 'status.loadBalancer.ingress[0].ip' });

    expect(res.status).toBe(422);
    expect(res.body).toEqual(refusal('status.loadBalancer.ingress[0].i]'));
    expect(list('services', { sort: 'metadata.name,-spec.ports' }).body).toEqual(refusal('spec.ports'));
  });

  it('refuses a filter on an unindexed path, in any term of a group and in negated groups', () => {
    expect(list('services', { filter: 'status.loadBalancer.ingress.ip=192.168.100.50' }).body).toEqual(refusal('status.loadBalancer.ingress.ip'));
    expect(list('services', { filter: 'metadata.name~web,spec.selector.app~web' }).body).toEqual(refusal('spec.selector.app'));
    expect(list('services', { 'filter!': 'metadata.annotations[a.io/b]=y' }).body).toEqual(refusal('metadata.annotations[a.io/b]'));
    // smartJoin brackets only a last part that is not a simple name.
    expect(list('services', { filter: 'metadata.annotations[x]=y' }).body).toEqual(refusal('metadata.annotations.x'));
    // Filters are checked before sorts (compileQuery).
    expect(list('services', { filter: 'spec.ports=1', sort: 'spec.selector' }).body).toEqual(refusal('spec.ports'));
  });

  it('refuses fields of other types, and metadata.namespace on a cluster-scoped type', () => {
    expect(list('pods', { filter: 'spec.type=LoadBalancer' }).status).toBe(422);
    expect(list('nodes', { sort: 'metadata.namespace' }).body).toEqual(refusal('metadata.namespace'));
    // The extension's fallback when a Service has no uid (addOnConfig/lbStatus.ts): not an indexed Event field.
    expect(list('events', { filter: 'involvedObject.name=web-pool' }).body).toEqual(refusal('involvedObject.name'));
    // Columns past the type's table are not indexed either.
    expect(list('services', { sort: `metadata.fields[${ columnsFor('service').length }]` }).status).toBe(422);
  });

  it('leaves Kubernetes\' REST API and Rancher\'s own virtual types alone', () => {
    expect(call(state, 'GET', '/k8s/clusters/c-m-rke2g001/api/v1/namespaces/default/services', { query: { sort: 'spec.ports' } }).status).toBe(200);
    expect(call(state, 'GET', '/v1/userpreferences', { query: { sort: 'data.theme' } }).status).toBe(200);
  });
});

describe('the External-IP column, metadata.fields[3] of Services', () => {
  const byAddress = ['default/web-dhcp', 'default/web-pool', 'default/web-shared', 'default/api', 'default/kubernetes',
    'default/network-changed', 'default/other-network', 'default/port-taken', 'default/shares-pending'];

  it('sorts as text, COLLATE NOCASE: addresses, then <none>, then <pending>; bracket and dotted ids alike', () => {
    expect(ids('services/default', { sort: 'metadata.fields[3],metadata.name' })).toEqual(byAddress);
    expect(ids('services/default', { sort: 'metadata.fields.3,metadata.name' })).toEqual(byAddress);
    expect(ids('services/default', { sort: '-metadata.fields[3],metadata.name' }).slice(0, 4)).toEqual(byAddress.slice(5));
  });

  it('filters on it with ~ (partial, case-insensitive), as the Service list\'s search does', () => {
    expect(ids('services/default', { filter: 'metadata.fields[3]~192.168.100.5', sort: 'metadata.name' })).toEqual(['default/web-pool', 'default/web-shared']);
    expect(ids('services/default', { filter: 'metadata.name~PENDING,metadata.fields[3]~PENDING', sort: 'metadata.name' })).toEqual(byAddress.slice(5));
    expect(ids('services/default', { filter: 'metadata.fields.3=<none>', sort: 'metadata.name' })).toEqual(['default/api', 'default/kubernetes']);
  });

  it('holds what Kubernetes\' printer gives: sorted ingress addresses, external IPs, <pending>, <none>', () => {
    const value = (spec: any, ingress?: any[]) => columnsFor('service')[3].value({
      metadata: { name: 's' }, spec, status: { loadBalancer: { ingress } }
    } as KubeObject);

    expect(value({ type: 'LoadBalancer' })).toBe('<pending>');
    expect(value({ type: 'LoadBalancer' }, [{ ip: '10.0.0.9' }, { hostname: 'lb.example' }, { ip: '10.0.0.9' }])).toBe('10.0.0.9,lb.example');
    expect(value({ type: 'LoadBalancer', externalIPs: ['1.1.1.1'] })).toBe('1.1.1.1');
    expect(value({ type: 'ClusterIP' })).toBe('<none>');
    expect(value({ type: 'NodePort', externalIPs: ['1.1.1.1', '2.2.2.2'] })).toBe('1.1.1.1,2.2.2.2');
    expect(value({ type: 'ExternalName', externalName: 'db.example' })).toBe('db.example');
  });
});

describe('labels and type-specific fields', () => {
  it('takes any label key, bracketed or dotted, to sort and filter', () => {
    expect(ids('services/default', { filter: 'metadata.labels[component]=apiserver' })).toEqual(['default/kubernetes']);
    expect(ids('services/default', { filter: 'metadata.labels.provider IN (kubernetes)' })).toEqual(['default/kubernetes']);
    expect(ids('services/default', { sort: '-metadata.labels[cloudprovider.harvesterhci.io/primary-service],metadata.name' })[0]).toBe('default/web-shared');
    // A label sort is exactly three parts; more is a field path, and refused.
    expect(list('services', { sort: 'metadata.labels.app.kubernetes.io/name' }).body).toEqual(refusal('metadata.labels.app.kubernetes[io/name]'));
  });

  it('takes the fields Steve indexes per type, numeric-index paths of them, and the common ones', () => {
    expect(ids('services/default', { filter: 'spec.type=ClusterIP', sort: 'spec.clusterIP' })).toHaveLength(2);
    expect(list('events', { filter: 'involvedObject.kind=Service,reason=x', sort: '-metadata.creationTimestamp' }).status).toBe(200);
    expect(list('pods', { filter: 'spec.containers.0.image~rancher', sort: 'ip(status.podIP)' }).status).toBe(200);
    expect(list('services', { filter: 'id IN (default/api)', sort: 'metadata.state.name,metadata.namespace' }).status).toBe(200);
    expect(call(state, 'GET', '/v1/management.cattle.io.clusters', { query: { filter: 'status.provider=rke2', sort: 'spec.displayName' } }).status).toBe(200);
    expect(call(state, 'GET', '/v1/storage.k8s.io.storageclasses', { query: { sort: 'parameters.hostStorageClass' } }).status).toBe(422);
  });

  it('reads filter keys as Steve\'s lexer does: quoted values keep their commas, existence tests are not fields', () => {
    const svc = lookupType('service');
    const refused = (query: Record<string, string>) => refusedField(svc!, parseListQuery(query));

    expect(refused({ filter: 'metadata.name~"a,b(c",spec.type=x' })).toBeUndefined();
    expect(refused({ filter: 'metadata.labels[app],!metadata.labels[x]' })).toBeUndefined();
    expect(refused({ filter: 'spec.type NOTIN (a,b),spec.externalName in (c)' })).toBe('spec.externalName');
    expect([...indexedFields(lookupType('namespace')!)]).toEqual(expect.arrayContaining(['metadata.name', 'spec.displayName', 'metadata.fields[2]']));
    expect(indexedFields(lookupType('namespace')!).has('metadata.namespace')).toBe(false);
  });
});
