import { beforeClusterPages } from '@pkg/shellAdapter';

function routerWithGuard() {
  const guards: ((to: any, from: any) => unknown)[] = [];

  return {
    guards,
    beforeEach(g: (to: any, from: any) => unknown) {
      guards.push(g);

      return () => undefined;
    },
  };
}

describe('deciding the extension\'s per-cluster parts before a cluster page renders', () => {
  it('waits for the cluster check before letting the navigation go on', async() => {
    const router = routerWithGuard();
    let answer!: () => void;
    const ready = jest.fn(() => new Promise<void>((resolve) => {
      answer = resolve;
    }));

    beforeClusterPages({ $router: router }, ready);
    let done = false;
    const nav = Promise.resolve(router.guards[0]({ params: { cluster: 'c-k3sg001' } }, {})).then(() => {
      done = true;
    });

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toHaveBeenCalledWith('c-k3sg001');
    expect(done).toBe(false);
    answer();
    await nav;
    expect(done).toBe(true);
  });

  it('does not wait on Rancher\'s own pages, and gives up waiting after the cap on a hanging API', async() => {
    const router = routerWithGuard();
    const ready = jest.fn(() => new Promise<void>(() => undefined));

    beforeClusterPages({ $router: router }, ready, 50);
    await router.guards[0]({ params: { cluster: 'local' } }, {});
    await router.guards[0]({ params: {} }, {});
    expect(ready).not.toHaveBeenCalled();
    // The cap on the page's clock, not the machine's: the navigation is held until it passes, then goes on.
    jest.useFakeTimers();
    try {
      let done = false;
      const nav = Promise.resolve(router.guards[0]({ params: { cluster: 'c-1' } }, {})).then(() => {
        done = true;
      });

      await jest.advanceTimersByTimeAsync(49);
      expect(ready).toHaveBeenCalledWith('c-1');
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await nav;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('warns when the dashboard offers no router', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    beforeClusterPages({}, jest.fn());
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('router'));
    warn.mockRestore();
  });
});
