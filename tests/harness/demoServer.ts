import zlib from 'node:zlib';
import { setupServer, SetupServerApi } from 'msw/node';
import { steveHandlers } from '../msw/steve';
import { createState, resetState, SimState } from '../../lab/simulator/core/state';
import { Seed } from '../../lab/simulator/core/types';
import { demoSeed } from '../../lab/world/seed';
import { forgetSession } from './session';

export interface Answer {
  method: string;
  /** Path and query, as sent. */
  url: string;
  bytes: number;
  /** As Rancher sends it (rancher/steve GzipWriter, default level). */
  gzip: number;
}

export interface DemoServer {
  /** What the handlers serve: the file's seed, put back before each test (changes and faults included). */
  readonly state: SimState;
  readonly server: SetupServerApi;
  /** Serves another world for the rest of this test (a 5,000-object cluster); returns its state. */
  load(seed: Seed): SimState;
  /** Answers as another demo user for the rest of this test. */
  as(user: 'viewer' | 'admin'): void;
  /** The count of requests answered so far: a mark for `requestsSince`. */
  mark(): number;
  /** Requests answered since `mark`, as "METHOD /path" (decoded). */
  requestsSince(mark: number): string[];
  /** Every answer from now on, with its size (what a page transfers). */
  record(): Answer[];
}

/**
 * The one test world of the unit tests and the request benches: the simulator's demo behind msw, the handlers the demo
 * itself serves (tests/msw/steve.ts). For a test file: served for the file; before each test the state is the seed
 * again (changes, faults and the request log gone), the handlers answer as admin, the recorders are gone and the
 * extension's session memory is forgotten (harness/session.ts), so no test sees what another did or read.
 */
export function useDemoServer(seed: Seed = demoSeed()): DemoServer {
  const base = createState(seed);
  let current = base;
  // The handlers read the state on each request: a test may serve another world (`load`).
  const served = new Proxy({} as SimState, {
    get: (_t, k) => (current as any)[k],
    set: (_t, k, v) => {
      (current as any)[k] = v;

      return true;
    },
  });
  const server = setupServer(...steveHandlers(served));

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    current = base;
    resetState(base);
    server.resetHandlers();
    server.events.removeAllListeners();
    forgetSession();
  });
  afterAll(() => server.close());

  return {
    get state() {
      return current;
    },
    server,
    load(next) {
      current = createState(next);

      return current;
    },
    as(user) {
      server.use(...steveHandlers(served, { user }));
    },
    mark:          () => current.requests.length,
    requestsSince: (mark) => current.requests.slice(mark).map((r) => `${ r.method } ${ decodeURIComponent(r.path) }`),
    record() {
      const answers: Answer[] = [];

      server.events.on('response:mocked', async({ request, response }) => {
        const body = Buffer.from(await response.clone().arrayBuffer());
        const url = new URL(request.url);

        answers.push({
          method: request.method, url: url.pathname + url.search, bytes: body.length, gzip: zlib.gzipSync(body).length
        });
      });

      return answers;
    },
  };
}
