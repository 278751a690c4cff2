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

  it('tells "absent" from "could not check"', async() => {
    expect(await readOrAbsent(async() => ({ a: 1 }))).toEqual({ readable: true, value: { a: 1 } });
    expect(await readOrAbsent(() => refused(404))).toEqual({ readable: true, value: null });
    expect(await readOrAbsent(() => refused(403))).toEqual({ readable: false, value: null });
    expect(await orWhenAbsent(refused(404), [])).toEqual([]);
    await expect(orWhenAbsent(refused(503), [])).rejects.toMatchObject({ _status: 503 });
  });
});
