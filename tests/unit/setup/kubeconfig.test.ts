import {
  failureOf, generateKubeconfig, kubeconfigRequestBody, kubeconfigUrl, serverOf
} from '@pkg/setup/kubeconfig';

describe('Harvester\'s kubeconfig endpoint, called as Rancher\'s RKE2 form calls it', () => {
  it('R-SET-2: posts names only, through Rancher\'s proxy of the host, and reads the kubeconfig from the answer', async() => {
    const calls: any[] = [];
    const store = {
      getters:  {},
      dispatch: (type: string, opt: any) => {
        calls.push([type, opt]);

        return Promise.resolve({ data: 'apiVersion: v1\nclusters:\n- cluster:\n    server: https://10.0.0.1:6443\nkind: Config\n' });
      },
    };
    const res = await generateKubeconfig(store, 'c-hh001', 'default', 'k3s-bare');

    expect(res).toEqual({ ok: true, kubeconfig: expect.stringContaining('kind: Config') });
    expect(calls).toEqual([['management/request', {
      url: '/k8s/clusters/c-hh001/v1/harvester/kubeconfig', method: 'POST', data: kubeconfigRequestBody('default', 'k3s-bare'), redirectUnauthorized: false
    }]]);
    expect(kubeconfigRequestBody('default', 'k3s-bare')).toEqual({
      csiClusterRoleName: 'harvesterhci.io:csi-driver', clusterRoleName: 'harvesterhci.io:cloudprovider', namespace: 'default', serviceAccountName: 'k3s-bare'
    });
    expect(kubeconfigUrl('c-hh001')).not.toContain('token');
    expect(serverOf(res.ok ? res.kubeconfig : '')).toBe('https://10.0.0.1:6443');
  });

  it('says what Harvester answered when it refuses (plain text in the store\'s `data`)', async() => {
    const err = Object.assign({ data: 'InvalidBodyContent 422: fail to create serviceAccount: namespaces "nope" not found' }, { _status: 422 });
    const store = { getters: {}, dispatch: () => Promise.reject(err) };

    expect(await generateKubeconfig(store, 'c-hh001', 'nope', 'a')).toEqual({
      ok: false, failure: 'error', status: 422, detail: 'InvalidBodyContent 422: fail to create serviceAccount: namespaces "nope" not found'
    });
    expect(failureOf({ _status: 403, message: 'forbidden' }).failure).toBe('forbidden');
  });

  it('an answer that holds no kubeconfig (a proxy\'s HTML page) is a failure the page words itself, not that answer', async() => {
    const store = { getters: {}, dispatch: () => Promise.resolve({ data: '<html><body>Sign in</body></html>' }) };

    expect(await generateKubeconfig(store, 'c-hh001', 'default', 'a')).toEqual({ ok: false, failure: 'noKubeconfig' });
  });

  it('R-SET-9: Harvester\'s 422 when it cannot reach its own kube-apiserver says the host was not reached, in Harvester\'s words', async() => {
    // What the lab's Harvester API answered with harvester-host's kube-apiserver stopped.
    const words = 'InvalidBodyContent 422: clusterRole harvesterhci.io:cloudprovider is not found: Get "https://127.0.0.1:31444/apis/rbac.authorization.k8s.io/v1/clusterroles/harvesterhci.io:cloudprovider": dial tcp 127.0.0.1:31444: connect: connection refused';
    const store = { getters: {}, dispatch: () => Promise.reject(Object.assign(new Error('HTTP 422'), { data: words, _status: 422 })) };

    expect(await generateKubeconfig(store, 'c-hh001', 'default', 'a')).toEqual({
      ok: false, failure: 'unreachable', status: 422, detail: words
    });
  });
});
