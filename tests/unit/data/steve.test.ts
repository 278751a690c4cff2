import {
  actionUrl, anyOf, contains, eq, inNamespace, label, linkUrl, listUrl, ne, oneOf, present, revisionUrl, sortBy
} from '@pkg/data/steve';
import { clusterApi, firstItemUrl } from '@pkg/data/paths';

/** Steve's query language, written in data/ only (data/steve.ts, data/paths.ts). */
describe('Steve queries', () => {
  it('writes filter terms: equal, not equal, contains, IN, a label set, alternatives', () => {
    expect([
      eq('spec.type', 'LoadBalancer'), ne(label('a/b'), 'x'), contains('metadata.name', 'web'), oneOf('involvedObject.uid', ['u1', 'u2']), present(label('a/b')),
      anyOf(contains('metadata.name', 'w'), contains('metadata.namespace', 'w')),
    ]).toEqual([
      'spec.type=LoadBalancer', 'metadata.labels[a/b]!=x', 'metadata.name~web', 'involvedObject.uid IN (u1,u2)', 'metadata.labels[a/b]', 'metadata.name~w,metadata.namespace~w',
    ]);
    expect([sortBy('metadata.name'), sortBy('metadata.fields[3]', true)]).toEqual(['metadata.name', '-metadata.fields[3]']);
  });

  it('adds a query to a collection URL, keeping the store\'s own parameters; each filter its own parameter', () => {
    const url = listUrl('/k8s/clusters/c-1/v1/services?exclude=metadata.managedFields', {
      include: ['metadata.name', 'spec.ports'], pageSize: 100, page: 2, sort: '-metadata.name', filters: [eq('spec.type', 'LoadBalancer'), oneOf('metadata.labels[x]', ['a', 'b c'])],
    });
    const u = new URL(url, 'https://x');

    expect(u.searchParams.get('exclude')).toBe('metadata.managedFields');
    expect(u.searchParams.getAll('include')).toEqual(['metadata.name', 'spec.ports']);
    expect([u.searchParams.get('pagesize'), u.searchParams.get('page'), u.searchParams.get('sort')]).toEqual(['100', '2', '-metadata.name']);
    expect(u.searchParams.getAll('filter')).toEqual(['spec.type=LoadBalancer', 'metadata.labels[x] IN (a,b c)']);
    // `=` stays readable inside a filter term.
    expect(url).toContain('filter=spec.type=LoadBalancer');
    expect(listUrl('/v1/nodes')).toBe('/v1/nodes');
  });

  it('asks for a revision with one item of one field, and for one item whatever the list processor', () => {
    expect(revisionUrl('/v1/nodes')).toBe('/v1/nodes?include=metadata.name&pagesize=1');
    expect(firstItemUrl(`${ clusterApi('c-1') }/nodes`)).toBe('/k8s/clusters/c-1/v1/nodes?limit=1&pagesize=1');
    expect(firstItemUrl('/v1/nodes?x=1')).toBe('/v1/nodes?x=1&limit=1&pagesize=1');
  });

  it('puts a namespace into a collection path before the store\'s query; links and actions', () => {
    expect(inNamespace('/k8s/clusters/c-1/v1/events/?exclude=x', 'a b')).toBe('/k8s/clusters/c-1/v1/events/a%20b?exclude=x');
    expect(inNamespace('/v1/events', undefined)).toBe('/v1/events');
    expect([linkUrl('/r', 'index'), actionUrl('/r', 'install')]).toEqual(['/r?link=index', '/r?action=install']);
  });
});
