/** @jest-environment node */
import { getObject } from '../../lab/simulator/core/state';
import { safeConcatName } from '../../lab/simulator/harvester/kubeconfigEndpoint';
import { call, demoState } from './helpers';

const URL = '/k8s/clusters/c-hh001/v1/harvester/kubeconfig';
const BODY = {
  csiClusterRoleName: 'harvesterhci.io:csi-driver', clusterRoleName: 'harvesterhci.io:cloudprovider', namespace: 'default', serviceAccountName: 'k3s-bare'
};

// harvester/harvester pkg/api/kubeconfig/generate_handler.go, as Rancher's RKE2 form calls it.
describe('Harvester\'s kubeconfig endpoint through Rancher\'s proxy', () => {
  it('makes the service account, its token Secret and both bindings, and answers the kubeconfig as a JSON string', () => {
    const state = demoState();
    const res = call(state, 'POST', URL, { body: BODY });
    const kubeconfig = JSON.parse(res.body);

    expect(res.status).toBe(200);
    expect(kubeconfig).toContain('server: https://10.10.0.10:6443');
    expect(kubeconfig).toContain('namespace: default');
    const token = getObject(state, 'c-hh001', 'secret', 'default/k3s-bare-token');

    expect(token?.type).toBe('kubernetes.io/service-account-token');
    expect(kubeconfig).toContain(`token: ${ Buffer.from(token?.data?.token || '', 'base64').toString() }`);
    expect(getObject(state, 'c-hh001', 'rbac.authorization.k8s.io.rolebinding', 'default/default-k3s-bare')?.roleRef.name).toBe('harvesterhci.io:cloudprovider');
    expect(getObject(state, 'c-hh001', 'rbac.authorization.k8s.io.clusterrolebinding', 'default-k3s-bare')?.roleRef.name).toBe('harvesterhci.io:csi-driver');
    // A second call keeps what is there: the same token.
    expect(JSON.parse(call(state, 'POST', URL, { body: BODY }).body)).toBe(kubeconfig);
  });

  it('refuses what decodeRequest refuses (422, plain text), a missing namespace, and users who are not admins', () => {
    const state = demoState();

    expect(call(state, 'POST', URL, { body: { ...BODY, namespace: '' } })).toMatchObject({ status: 422, body: 'InvalidBodyContent 422: fail to decode request: invalid request: namespace and serviceAccountName cannot be empty' });
    expect(call(state, 'POST', URL, { body: { ...BODY, clusterRoleName: 'cluster-admin' } }).status).toBe(422);
    expect(call(state, 'POST', URL, { body: { ...BODY, namespace: 'nope' } }).body).toContain('namespaces "nope" not found');
    // Rancher's proxy refuses a user who may not see the host (bodiless 401) before Harvester sees the request.
    expect(call(state, 'POST', URL, { body: BODY, as: 'viewer' }).status).toBe(401);
    expect(getObject(state, 'c-hh001', 'serviceaccount', 'default/k3s-bare')).toBeUndefined();
    expect(call(state, 'POST', '/k8s/clusters/c-k3sb001/v1/harvester/kubeconfig', { body: BODY }).status).toBe(404);
  });

  it('names long bindings as wrangler\'s SafeConcatName does', () => {
    expect(safeConcatName('default', 'k3s-bare')).toBe('default-k3s-bare');
    expect(safeConcatName('a'.repeat(40), 'b'.repeat(30))).toMatch(/^a{40}-b{16}-[0-9a-f]{5}$/);
  });
});
