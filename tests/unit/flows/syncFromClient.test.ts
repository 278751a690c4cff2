/**
 * tests/flows/lib/syncFromClient.ts: which of the dashboard's requests through a cluster's proxy are sent again
 * when Rancher's tunnel race answers 500 "sync from client" — the cluster store's first loads and a list page's
 * paginated read — and which pass untouched (everything else, so that routing stays cheap).
 */
import { ROUTED } from '../../flows/lib/syncFromClient';

const at = (path: string) => `https://127.0.0.1:29603${ path }`;

describe('requests routed past Rancher\'s "sync from client" race', () => {
  it.each([
    '/k8s/clusters/c-m-rke2g001/v1/schemas',
    '/k8s/clusters/c-m-rke2g001/v1/counts?exclude=metadata.managedFields',
    '/k8s/clusters/c-hh001/v1/namespaces',
    // The Nodes list met in CI (Rancher 2.15's server): an empty table.
    '/k8s/clusters/c-m-rke2g001/v1/nodes?page=1&pagesize=100&sort=metadata.name&exclude=metadata.managedFields',
    '/k8s/clusters/c-m-rke2g001/v1/services/default?filter=metadata.name~web&page=2&pagesize=10',
  ])('%s is sent again', (path) => {
    expect(ROUTED.test(at(path))).toBe(true);
  });

  it.each([
    // One object, a write's read-back, a list read whole, and the local cluster's own API: not routed.
    '/k8s/clusters/c-m-rke2g001/v1/services/default/web',
    '/k8s/clusters/c-m-rke2g001/v1/services?exclude=metadata.managedFields',
    '/k8s/clusters/c-m-rke2g001/v1/namespaces/default',
    '/v1/nodes?page=1&pagesize=100',
    '/k8s/clusters/c-m-rke2g001/v1/storage.k8s.io.storageclasses?homepage=x',
  ])('%s passes untouched', (path) => {
    expect(ROUTED.test(at(path))).toBe(false);
  });
});
