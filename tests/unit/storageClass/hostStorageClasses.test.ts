import { describeHostClass, failureOf, hostDefaultClass } from '@pkg/storageClass/hostStorageClasses';

const sc = (name: string, extra: any = {}) => ({
  metadata: {
    name, annotations: extra.annotations || {}, creationTimestamp: extra.created
  },
  provisioner: 'driver.longhorn.io',
  ...extra
});

describe('describing host StorageClasses', () => {
  it('gives what matters when choosing: provisioner, replicas, binding mode, default mark', () => {
    expect(describeHostClass(sc('replica-2', { parameters: { numberOfReplicas: '2' }, volumeBindingMode: 'WaitForFirstConsumer' }) as any)).toEqual({
      name: 'replica-2', provisioner: 'driver.longhorn.io', replicas: '2', volumeBindingMode: 'WaitForFirstConsumer', isDefault: false
    });
    // Kubernetes' default binding mode when unset is Immediate.
    expect(describeHostClass(sc('x') as any).volumeBindingMode).toBe('Immediate');
  });

  it('names the host default; with several marked default the newest wins, as in Kubernetes', () => {
    const def = { 'storageclass.kubernetes.io/is-default-class': 'true' };
    const beta = { 'storageclass.beta.kubernetes.io/is-default-class': 'true' };

    expect(hostDefaultClass([sc('a'), sc('b', { annotations: def })] as any)?.metadata.name).toBe('b');
    expect(hostDefaultClass([sc('old', { annotations: def, created: '2024-01-01T00:00:00Z' }), sc('new', { annotations: beta, created: '2025-01-01T00:00:00Z' })] as any)?.metadata.name).toBe('new');
    expect(hostDefaultClass([sc('a')] as any)).toBeNull();
  });
});

describe('failureOf', () => {
  it('tells permission, reachability and other errors apart', () => {
    expect(failureOf({ _status: 403, message: 'forbidden' })).toEqual({ failure: 'forbidden', detail: 'forbidden' });
    expect(failureOf({ _status: 401 }).failure).toBe('forbidden');
    expect(failureOf({ _status: 503 }).failure).toBe('unreachable');
    expect(failureOf({ _status: 502 }).failure).toBe('unreachable');
    expect(failureOf(new Error('Network Error')).failure).toBe('unreachable');
    expect(failureOf({ _status: 500 })).toEqual({ failure: 'error', detail: 'HTTP 500' });
  });
});
