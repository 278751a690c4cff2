import {
  applyCharts, applyHostRbac, applyPlan, applySecret, applySteps, installBody
} from '@pkg/setup/apply';
import { setupPlan } from '@pkg/setup/plan';

const KUBECONFIG = 'apiVersion: v1\nkind: Config\n';
const plan = setupPlan({
  distribution: 'k3s', kubernetesVersion: 'v1.32.5+k3s1', clusterName: 'k3s-bare', kubeconfig: null
});

/** A store answering from a table of `METHOD url` -> answer (a function may throw, as the store rejects). */
function fakeStore(answers: Record<string, (data?: any) => any>) {
  const calls: { method: string; url: string; data?: any }[] = [];

  return {
    calls,
    getters:  {},
    dispatch: async(_type: string, opt: any) => {
      const method = opt.method || 'GET';

      calls.push({
        method, url: opt.url, data: opt.data
      });
      const answer = answers[`${ method } ${ opt.url }`];

      if (!answer) {
        throw Object.assign(new Error('not found'), { _status: 404 });
      }

      return answer(opt.data);
    },
  };
}

describe('applying the set-up', () => {
  it('R-SET-7: sets the two keys of an existing Secret and keeps its labels, annotations and other keys', async() => {
    const url = '/k8s/clusters/c-1/v1/secrets/kube-system/harvester-cloud-config';
    const store = fakeStore({
      [`GET ${ url }`]: () => ({
        id:       'kube-system/harvester-cloud-config',
        metadata: {
          name: 'harvester-cloud-config', labels: { team: 'a' }, annotations: { note: 'x' }
        },
        data:  { other: 'b3RoZXI=' },
        links: { self: 'x' }
      }),
      [`PUT ${ url }`]: (d) => d,
    });

    expect(await applySecret(store, 'c-1', KUBECONFIG)).toEqual({ step: 'secret', ok: true });
    const put = store.calls.find((c) => c.method === 'PUT')?.data;

    expect(put.metadata).toEqual({
      name: 'harvester-cloud-config', labels: { team: 'a' }, annotations: { note: 'x' }
    });
    expect(Object.keys(put.data)).toEqual(['other', 'cloud-config', 'cloud-provider-config']);
    expect(put.links).toBeUndefined();
  });

  it('R-SET-7: installs only the missing charts, at the newest version the guest\'s repository offers, and says why not', async() => {
    const repo = '/k8s/clusters/c-1/v1/catalog.cattle.io.clusterrepos/rancher-charts';
    const index = { entries: { 'harvester-cloud-provider': [{ version: '107.0.1+up0.2.15' }], 'harvester-csi-driver': [] } };
    const store = fakeStore({
      [`GET ${ repo }?link=index`]:      () => index,
      [`POST ${ repo }?action=install`]: () => ({
        type: 'chartActionOutput', operationName: 'helm-operation-x1', operationNamespace: 'kube-system'
      })
    });

    // R-SET-10: with the operation Rancher started, which the page then follows.
    expect(await applyCharts(store, 'c-1', plan, ['cloudProvider'])).toEqual({
      step: 'charts', ok: true, detail: '107.0.1+up0.2.15', operation: { namespace: 'kube-system', name: 'helm-operation-x1' }
    });
    expect(store.calls.at(-1)?.data).toEqual(installBody(plan, { cloudProvider: '107.0.1+up0.2.15' }));
    expect(store.calls.at(-1)?.data.charts[0]).toMatchObject({
      chartName: 'harvester-cloud-provider', releaseName: 'harvester-cloud-provider', values: plan.values.cloudProvider
    });
    expect(await applyCharts(store, 'c-1', plan, ['csiDriver'])).toEqual({
      step: 'charts', ok: false, failure: 'noChart', detail: 'harvester-csi-driver'
    });
  });

  it('says a host that refuses the binding refused it (403), and takes an existing ClusterRole as it is', async() => {
    const host = '/k8s/clusters/c-hh001/v1/rbac.authorization.k8s.io';
    const refused = fakeStore({
      [`POST ${ host }.clusterroles`]: () => {
        throw Object.assign(new Error('exists'), { _status: 409 });
      },
      [`POST ${ host }.clusterrolebindings`]: () => {
        throw Object.assign(new Error('forbidden'), { _status: 403, message: 'clusterrolebindings is forbidden' });
      },
    });

    expect(await applyHostRbac(refused, 'c-hh001', 'default', 'k3s-bare')).toEqual({
      step: 'hostRbac', ok: false, failure: 'forbidden', status: 403, detail: 'clusterrolebindings is forbidden'
    });
    expect(refused.calls.at(-1)?.data).toMatchObject({
      metadata: { name: 'default-k3s-bare' },
      subjects: [{
        kind: 'ServiceAccount', name: 'k3s-bare', namespace: 'default'
      }]
    });
  });

  it('R-SET-6: applies nothing for RKE2 (no Secret, no charts through Apps: RKE2 installs its bundled ones)', async() => {
    const rke2 = setupPlan({
      distribution: 'rke2', kubernetesVersion: 'v1.33.5+rke2r1', clusterName: 'rke2-guest', kubeconfig: null
    });
    const store = fakeStore({});

    expect(applySteps(rke2, ['cloudProvider', 'csiDriver'])).toEqual([]);
    expect(await applyPlan(store, 'c-1', rke2, KUBECONFIG, ['cloudProvider', 'csiDriver'])).toEqual([]);
    expect(await applyCharts(store, 'c-1', rke2, ['cloudProvider'])).toEqual({ step: 'charts', ok: true });
    expect(store.calls).toEqual([]);
  });

  it('R-SET-7: K3s and other clusters: the Secret, then only the charts still missing; a failed Secret stops there', async() => {
    expect(applySteps(plan, ['csiDriver'])).toEqual(['secret', 'charts']);
    expect(applySteps(plan, [])).toEqual(['secret']);
    const url = '/k8s/clusters/c-1/v1/secrets';
    const refused = fakeStore({
      [`POST ${ url }`]: () => {
        throw Object.assign(new Error('forbidden'), { _status: 403 });
      }
    });

    expect((await applyPlan(refused, 'c-1', plan, KUBECONFIG, ['csiDriver'])).map((r) => [r.step, r.ok])).toEqual([['secret', false]]);
    expect(refused.calls.some((c) => c.url.includes('clusterrepos'))).toBe(false);
  });
});
