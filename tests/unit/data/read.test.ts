import { classifyHttpFailure, orWhenAbsent, readFailureOf } from '@pkg/data/failure';
import { readOrAbsent } from '@pkg/data/read';

/** The one model of a read that failed (data/read.ts): absent, forbidden, unreachable, error. */
// The shell's store rejects with the response, its status set (`_status`).
const refused = (status: number) => Promise.reject(Object.assign(new Error(`HTTP ${ status }`), { _status: status }));

describe('read failures', () => {
  it('names what a failed request says, with the server\'s words', () => {
    expect([404, 401, 403, 0, 502, 503, 504, 500, 409].map((s) => readFailureOf({ _status: s }).failure)).toEqual([
      'absent', 'forbidden', 'forbidden', 'unreachable', 'unreachable', 'unreachable', 'unreachable', 'error', 'error',
    ]);
    expect(readFailureOf(new TypeError('Failed to fetch'))).toEqual({
      failure: 'unreachable', status: undefined, detail: 'Failed to fetch'
    });
    expect(readFailureOf({ response: { status: 403 } })).toEqual({
      failure: 'forbidden', status: 403, detail: 'HTTP 403'
    });
    expect(classifyHttpFailure({ _status: 404, message: 'not found' })).toEqual({
      failure: 'error', status: 404, detail: 'not found'
    });
  });

  it('R-API-3: a read that got no answer in time, or a server that could not connect, is "unreachable"', () => {
    // The shell's axios rejects a read given up on (clusterProxy's timeout) with no response.
    expect(readFailureOf(Object.assign(new Error('timeout of 20000ms exceeded'), { code: 'ECONNABORTED' }))).toEqual({
      failure: 'unreachable', status: undefined, detail: 'timeout of 20000ms exceeded'
    });
    expect(readFailureOf({ _status: 500, message: 'Get "https://10.0.0.1:6443/api/v1/nodes": dial tcp 10.0.0.1:6443: connect: connection refused' }).failure).toBe('unreachable');
    expect(readFailureOf({ _status: 500, message: 'read tcp 127.0.0.1:1->127.0.0.1:2: read: connection reset by peer' }).failure).toBe('unreachable');
    // Rancher's proxy when the cluster's agent is not connected: plain text, which the store hands on as `data`.
    expect(readFailureOf({ _status: 500, data: 'lost connection to cluster: failed to find Session for client stv-cluster-c-hh001' })).toEqual({
      failure: 'unreachable', status: 500, detail: 'lost connection to cluster: failed to find Session for client stv-cluster-c-hh001'
    });
    // Other words of a 500 stay an error, shown as the server said them.
    expect(readFailureOf({ _status: 500, message: 'admission webhook denied the request' }).failure).toBe('error');
  });

  it('tells "absent" from "could not check"', async() => {
    expect(await readOrAbsent(async() => ({ a: 1 }))).toEqual({ readable: true, value: { a: 1 } });
    expect(await readOrAbsent(() => refused(404))).toEqual({ readable: true, value: null });
    expect(await readOrAbsent(() => refused(403))).toEqual({ readable: false, value: null });
    expect(await orWhenAbsent(refused(404), [])).toEqual([]);
    await expect(orWhenAbsent(refused(503), [])).rejects.toMatchObject({ _status: 503 });
  });
});
