import { followOperation, operationOf, operationOutcome, OperationOutcome } from '@pkg/setup/operation';

const cond = (type: string, status: string, message?: string) => ({
  type, status, ...(message ? { message } : {})
});
const URL = '/k8s/clusters/c-k3s/v1/catalog.cattle.io.operations/kube-system/helm-operation-abc';

/** A store that answers the Operation's reads in turn (a function may throw, as the store rejects). */
function opsStore(answers: (() => unknown)[]) {
  const urls: string[] = [];

  return {
    urls,
    getters:  {},
    dispatch: async(_type: string, opt: { url: string }) => {
      urls.push(opt.url);

      return (answers[Math.min(urls.length, answers.length) - 1])();
    },
  };
}

describe('R-SET-10: what Helm made of the install, from the Operation Rancher keeps', () => {
  it('reads the helm container\'s state as Rancher\'s operation controller writes it (kstatus conditions)', () => {
    // createOperation: the status, no condition yet (the Pod has no container state).
    expect(operationOutcome({ status: { podCreated: false } })).toEqual({ state: 'running' });
    // SetTransitioning while the Pod waits, then while helm runs.
    expect(operationOutcome({ status: { conditions: [cond('Reconciling', 'True', 'waiting to run operation'), cond('Stalled', 'False')] } })).toEqual({ state: 'running', message: 'waiting to run operation' });
    expect(operationOutcome({ status: { podCreated: true, conditions: [cond('Reconciling', 'True', 'running operation'), cond('Stalled', 'False')] } })).toEqual({ state: 'running', message: 'running operation' });
    // SetActive once helm exited 0.
    expect(operationOutcome({ status: { podCreated: true, conditions: [cond('Reconciling', 'False'), cond('Stalled', 'False')] } })).toEqual({ state: 'done' });
    // SetError: "<termination message> exit code: <n>"; the shell image's helm leaves the message empty.
    expect(operationOutcome({ status: { podCreated: true, conditions: [cond('Reconciling', 'False'), cond('Stalled', 'True', ' exit code: 1')] } })).toEqual({ state: 'failed', message: 'exit code: 1' });
    expect(operationOutcome({ status: { podCreated: true, conditions: [cond('Reconciling', 'False'), cond('Stalled', 'True', 'Error: INSTALLATION FAILED: cannot re-use a name that is still in use exit code: 1')] } })).toEqual({ state: 'failed', message: 'Error: INSTALLATION FAILED: cannot re-use a name that is still in use exit code: 1' });
  });

  it('takes the operation from the install\'s answer (chartActionOutput), and nothing from another answer', () => {
    expect(operationOf({
      type: 'chartActionOutput', operationName: 'helm-operation-abc', operationNamespace: 'kube-system'
    })).toEqual({ namespace: 'kube-system', name: 'helm-operation-abc' });
    expect(operationOf({})).toBeNull();
    expect(operationOf(undefined)).toBeNull();
  });

  it('reads the Operation in the guest until Helm is done, saying each state it passes', async() => {
    const seen: OperationOutcome[] = [];
    const store = opsStore([
      () => ({ status: { conditions: [cond('Reconciling', 'True', 'waiting to run operation')] } }),
      () => ({ status: { podCreated: true, conditions: [cond('Reconciling', 'True', 'running operation')] } }),
      () => ({ status: { podCreated: true, conditions: [cond('Reconciling', 'False'), cond('Stalled', 'False')] } }),
    ]);
    const slept: number[] = [];

    expect(await followOperation(store, 'c-k3s', { namespace: 'kube-system', name: 'helm-operation-abc' }, {
      intervalMs: 2000,
      timeoutMs:  60000,
      onChange:   (o) => seen.push(o),
      sleep:      async(ms) => {
        slept.push(ms);
      }
    })).toEqual({ state: 'done' });
    expect(store.urls).toEqual([URL, URL, URL]);
    expect(slept).toEqual([2000, 2000]);
    expect(seen.map((o) => o.state)).toEqual(['running', 'running', 'done']);
  });

  it('stops at a failed read with what the server said, when the time is up, and when the page is left', async() => {
    const refused = opsStore([() => {
      throw Object.assign(new Error('forbidden'), { _status: 403, message: 'operations.catalog.cattle.io "helm-operation-abc" is forbidden' });
    }]);

    expect(await followOperation(refused, 'c-k3s', { namespace: 'kube-system', name: 'helm-operation-abc' }, { intervalMs: 1, timeoutMs: 60000 })).toMatchObject({
      state: 'unreadable', failure: 'forbidden', status: 403
    });
    let clock = 0;
    const running = () => ({ status: { podCreated: true, conditions: [cond('Reconciling', 'True', 'running operation')] } });
    const slow = opsStore([running]);

    expect(await followOperation(slow, 'c-k3s', { namespace: 'kube-system', name: 'helm-operation-abc' }, {
      intervalMs: 2000,
      timeoutMs:  10000,
      now:        () => clock,
      sleep:      async(ms) => {
        clock += ms;
      }
    })).toEqual({ state: 'running', message: 'running operation' });
    expect(slow.urls).toHaveLength(6);
    const left = opsStore([running]);

    await followOperation(left, 'c-k3s', { namespace: 'kube-system', name: 'helm-operation-abc' }, {
      intervalMs: 1, timeoutMs: 60000, stopped: () => true
    });
    expect(left.urls).toHaveLength(1);
  });
});
