import {
  followOperation, helmError, operationOf, operationOutcome, OperationOutcome
} from '@pkg/setup/operation';

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
    // SetError: "<termination message> exit code: <n>"; the shell image's helm-cmd leaves the message empty and runs
    // helm under xargs (123 when helm fails), as Rancher 2.15 answered (tests/real/rancher/helmOperations.rancher.ts).
    expect(operationOutcome({ status: { podCreated: true, conditions: [cond('Reconciling', 'False'), cond('Stalled', 'True', ' exit code: 123')] } })).toEqual({ state: 'failed', message: 'exit code: 123' });
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

  it('adds Helm\'s own words from the Operation\'s log to a failure, and does without them when the log cannot be read', async() => {
    // As Rancher 2.15's logs link answered a refused install (tests/real/rancher/helmOperations.rancher.ts).
    const log = 'helm install --namespace=kube-system harvester-csi-driver /home/shell/helm/harvester-csi-driver-107.0.0+up0.1.31.tgz\n' +
      'Error: INSTALLATION FAILED: unable to build kubernetes objects from release manifest: resource mapping not found for name: "harvester-snapshot"\n';

    expect(helmError(log)).toBe('Error: INSTALLATION FAILED: unable to build kubernetes objects from release manifest: resource mapping not found for name: "harvester-snapshot"');
    expect(helmError('helm install x\nNAME: x\nSTATUS: deployed\n')).toBeUndefined();
    const failed = () => ({ status: { podCreated: true, conditions: [cond('Reconciling', 'False'), cond('Stalled', 'True', ' exit code: 123')] } });
    const urls: string[] = [];
    const store = (logs: () => unknown) => ({
      getters:  {},
      dispatch: async(_type: string, opt: { url: string }) => {
        urls.push(opt.url);

        return opt.url.endsWith('/logs?container=helm') ? logs() : failed();
      },
    });
    const ref = { namespace: 'kube-system', name: 'helm-operation-abc' };

    // The store hands a text answer over as `{ data: <text> }`.
    expect(await followOperation(store(() => ({ data: log })), 'c-k3s', ref, { intervalMs: 1, timeoutMs: 1000 })).toEqual({
      state: 'failed', message: 'exit code: 123', helm: helmError(log)
    });
    expect(urls).toEqual([URL, `${ URL }/logs?container=helm`]);
    expect(await followOperation(store(() => {
      throw Object.assign(new Error('not found'), { _status: 404 });
    }), 'c-k3s', ref, { intervalMs: 1, timeoutMs: 1000 })).toEqual({ state: 'failed', message: 'exit code: 123' });
  });

  it('takes a 404 just after the install as not seen yet (Steve\'s cache), and a later one as unreadable', async() => {
    let clock = 0;
    const notFound = () => {
      throw Object.assign(new Error('not found'), { _status: 404 });
    };
    const seenLate = opsStore([notFound, notFound, () => ({ status: { podCreated: true, conditions: [cond('Reconciling', 'False'), cond('Stalled', 'False')] } })]);
    const opt = {
      intervalMs: 2000,
      timeoutMs:  60000,
      graceMs:    10000,
      now:        () => clock,
      sleep:      async(ms: number) => {
        clock += ms;
      }
    };

    expect(await followOperation(seenLate, 'c-k3s', { namespace: 'kube-system', name: 'helm-operation-abc' }, opt)).toEqual({ state: 'done' });
    clock = 0;
    expect(await followOperation(opsStore([notFound]), 'c-k3s', { namespace: 'kube-system', name: 'helm-operation-abc' }, opt)).toMatchObject({ state: 'unreadable', status: 404 });
    expect(clock).toBe(10000);
  });
});
