import { refresher } from '@pkg/shared/refresh';
import { latestOnly } from '@pkg/shared/latest';

/** The one way a page looks again (shared/refresh.ts), on jest's clock: no real waiting. */
describe('refresher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const flush = async() => {
    for (let i = 0; i < 5; i++) {
      await Promise.resolve();
    }
  };

  it('looks again after the delay each load asks for, and no more once a load says null', async() => {
    const delays = [100, 100, null];
    const load = jest.fn(async() => delays.shift() ?? null);
    const r = refresher(load);

    await r.now();
    expect(load).toHaveBeenCalledTimes(1);
    expect(r.pending).toBe(true);
    jest.advanceTimersByTime(100);
    await flush();
    jest.advanceTimersByTime(100);
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
    expect(r.pending).toBe(false);
  });

  it('keeps one look pending at most: a load the user starts replaces the scheduled one', async() => {
    const load = jest.fn(async() => 1000);
    const r = refresher(load);

    await r.now();
    await r.now();
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(1000);
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('brings the next look forward on a hint, once for a burst of hints, never later than planned', async() => {
    const load = jest.fn(async() => 30000);
    const r = refresher(load);

    await r.now();
    r.soon(500);
    r.soon(500);
    jest.advanceTimersByTime(499);
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    r.soon(60000);
    jest.advanceTimersByTime(30000);
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('stops: the pending look is cleared, a load still running schedules nothing, and says it stopped', async() => {
    let finish: (ms: number) => void = () => undefined;
    const load = jest.fn(() => new Promise<number>((resolve) => {
      finish = resolve;
    }));
    const r = refresher(load);
    const running = r.now();

    r.stop();
    finish(100);
    await running;
    expect(r.stopped).toBe(true);
    expect(r.pending).toBe(false);
    r.soon(10);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('latestOnly', () => {
  it('tells an earlier request from the latest one', () => {
    const latest = latestOnly();
    const first = latest.start();
    const second = latest.start();

    expect([first(), second()]).toEqual([false, true]);
  });
});
