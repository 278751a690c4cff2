/**
 * Real mode's proxy decisions (simulator/real/proxy.ts): which paths go to the real Steve or kube-apiserver, and what
 * is forwarded — the user impersonated as Rancher does, never the browser's credentials, never a caller's own
 * impersonation headers.
 */
import type { IncomingMessage } from 'node:http';
import { forwardedHeaders, IMPERSONATED_GROUPS, RealBackends, routeFor } from '../../simulator/real/proxy';
import { USERS } from '../../simulator/rancher/users';

const BACKENDS: RealBackends = {
  adminToken: 'stack-secret',
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
    const h = forwardedHeaders(req('/k8s/clusters/c-m-rke2g001/v1/services', browser), route as NonNullable<typeof route>, USERS.viewer, BACKENDS.adminToken);

    expect(h['impersonate-user']).toBe('u-viewer');
    expect(h['impersonate-group']).toEqual(IMPERSONATED_GROUPS);
    expect(h.cookie).toBeUndefined();
    expect(h.authorization).toBeUndefined(); // Steve authenticates by the impersonation header alone
    expect(h['x-api-url-prefix']).toBe('/k8s/clusters/c-m-rke2g001');
    expect(h['x-forwarded-host']).toBe('127.0.0.1:8989');
    expect(h['accept-encoding']).toBe('gzip');
  });

  it('gives the kube-apiserver the stack\'s identity, which may impersonate, and the user to act as', () => {
    const route = routeFor(BACKENDS, '/k8s/clusters/c-m-rke2g001/api/v1/services');
    const h = forwardedHeaders(req('/k8s/clusters/c-m-rke2g001/api/v1/services', browser), route as NonNullable<typeof route>, USERS.admin, BACKENDS.adminToken);

    expect(h.authorization).toBe('Bearer stack-secret');
    expect(h['impersonate-user']).toBe('u-admin');
    expect(h['impersonate-group']).toEqual(IMPERSONATED_GROUPS);
    expect(h['x-api-url-prefix']).toBeUndefined();
  });
});
