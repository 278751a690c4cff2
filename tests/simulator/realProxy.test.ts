/**
 * Real mode's proxy decisions (lab/backends/real/proxy.ts): which paths go to the real Steve or kube-apiserver, and what
 * is forwarded — the user impersonated as Rancher does, never the browser's credentials, never a caller's own
 * impersonation headers.
 */
import type { IncomingMessage } from 'node:http';
import { forwardedHeaders, IMPERSONATED_GROUPS, RealBackends, routeFor } from '../../lab/backends/real/proxy';
import { USERS } from '../../lab/simulator/rancher/users';
import { guestChartRequest } from '../../lab/standins/guestCharts';

const BACKENDS: RealBackends = {
  adminToken: 'stack-secret',
  steveToken: 'steve-secret',
  clusters:   [{
    clusterId: 'c-m-rke2g001', steve: 'http://127.0.0.1:27081', api: 'https://127.0.0.1:27443'
  }],
};

function req(url: string, headers: Record<string, string>): IncomingMessage {
  return { url, headers } as unknown as IncomingMessage;
}

describe('routeFor', () => {
  it('sends /v1 of a real cluster to its Steve and the Kubernetes API paths to its kube-apiserver, query kept', () => {
    expect(routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/v1/services?filter=spec.type=LoadBalancer')).toMatchObject({
      kind: 'steve', path: '/v1/services?filter=spec.type=LoadBalancer', prefix: '/k8s/clusters/c-m-rke2g001'
    });
    expect(routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/api/v1/namespaces/default/services?watch=1')).toMatchObject({ kind: 'kube', path: '/api/v1/namespaces/default/services?watch=1' });
    expect(routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/apis/apps/v1/deployments')?.kind).toBe('kube');
    expect(routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/version')?.kind).toBe('kube');
  });

  it('leaves simulated clusters, Rancher\'s own paths and unknown roots to the simulator', () => {
    expect(routeFor(BACKENDS, '/k8s/clusters/c-k3sg001/v1/services')).toBeNull();
    expect(routeFor(BACKENDS, '/v1/management.cattle.io.clusters')).toBeNull();
    expect(routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/v3/clusters')).toBeNull();
    expect(routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001')).toBeNull();
  });
});

describe('forwardedHeaders', () => {
  const browser = {
    host: '127.0.0.1:8989', cookie: 'R_SESS=abc', authorization: 'Bearer token-demoviewer:demo', 'impersonate-user': 'u-admin', 'impersonate-group': 'system:masters', accept: 'application/json', 'accept-encoding': 'gzip'
  };

  it('impersonates the authenticated user with Rancher\'s groups, dropping the browser\'s credentials and any impersonation it asked for', () => {
    const route = routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/v1/services');
    const h = forwardedHeaders(req('/k8s/clusters/c-m-rke2g001/v1/services', browser), route as NonNullable<typeof route>, USERS.viewer, BACKENDS);

    expect(h['impersonate-user']).toBe('u-viewer');
    expect(h['impersonate-group']).toEqual(IMPERSONATED_GROUPS);
    expect(h.cookie).toBeUndefined();
    // Steve's own token, never the browser's or the stack admin's: Steve trusts the impersonation header of its holder.
    expect(h.authorization).toBe('Bearer steve-secret');
    expect(h['x-api-url-prefix']).toBe('/k8s/clusters/c-m-rke2g001');
    expect(h['x-forwarded-host']).toBe('127.0.0.1:8989');
    expect(h['accept-encoding']).toBe('gzip');
  });

  it('gives the kube-apiserver the stack\'s identity, which may impersonate, and the user to act as', () => {
    const route = routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/api/v1/services');
    const h = forwardedHeaders(req('/k8s/clusters/c-m-rke2g001/api/v1/services', browser), route as NonNullable<typeof route>, USERS.admin, BACKENDS);

    expect(h.authorization).toBe('Bearer stack-secret');
    expect(h['impersonate-user']).toBe('u-admin');
    expect(h['impersonate-group']).toEqual(IMPERSONATED_GROUPS);
    expect(h['x-api-url-prefix']).toBeUndefined();
  });
});

describe('Harvester\'s endpoint and the guest\'s chart repository in real mode', () => {
  const withApi: RealBackends = {
    adminToken: 'stack-secret',
    clusters:   [{
      clusterId: 'c-hh001', steve: 'http://127.0.0.1:27082', api: 'https://127.0.0.1:27444', harvesterApi: 'http://127.0.0.1:27261', harvesterApiToken: 'stand-in-token'
    }],
  };

  it('sends the host\'s /v1/harvester/ paths to the stand-in of Harvester\'s API server, the rest of /v1 to Steve', () => {
    expect(routeFor(withApi, '/k8s/clusters/c-hh001/v1/harvester/kubeconfig')).toMatchObject({ kind: 'harvester', path: '/v1/harvester/kubeconfig' });
    expect(routeFor(withApi, '/k8s/clusters/c-hh001/v1/harvesterhci.io.settings')?.kind).toBe('steve');
    expect(routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/v1/harvester/kubeconfig')?.kind).toBe('steve');
  });

  it('adds the impersonation extras Harvester\'s verifyAuthMiddleware looks for, and the stand-in\'s own token, no credential of the stack', () => {
    const route = routeFor(withApi, '/k8s/clusters/c-hh001/v1/harvester/kubeconfig');
    const h = forwardedHeaders(req('/k8s/clusters/c-hh001/v1/harvester/kubeconfig', { authorization: 'Bearer browser' }), route as NonNullable<typeof route>, USERS.admin, withApi);

    expect(h).toMatchObject({ 'impersonate-user': USERS.admin.id, 'impersonate-extra-username': USERS.admin.id });
    expect(h.authorization).toBe('Bearer stand-in-token');
  });

  it('answers the guest\'s rancher-charts index and install itself (Rancher\'s catalog, not the cluster\'s Steve)', () => {
    expect(guestChartRequest('/v1/catalog.cattle.io.clusterrepos/rancher-charts?link=index')).toBe('index');
    expect(guestChartRequest('/v1/catalog.cattle.io.clusterrepos/rancher-charts?action=install')).toBe('install');
    expect(guestChartRequest('/v1/catalog.cattle.io.clusterrepos/rancher-charts')).toBeNull();
    expect(guestChartRequest('/v1/catalog.cattle.io.clusterrepos/other?link=index')).toBeNull();
    expect(guestChartRequest('/v1/catalog.cattle.io.operations/kube-system/helm-operation-abcde/logs?container=helm')).toBe('logs');
  });
});
