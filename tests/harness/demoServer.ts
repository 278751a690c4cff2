import { setupServer, SetupServerApi } from 'msw/node';
import { steveHandlers } from '../msw/steve';
import { createState, resetState, SimState } from '../../simulator/steve/state';
import { demoSeed } from '../../simulator/demo/seed';
import { forgetGuestChecks } from '@pkg/environment/guestRegistry';
import { partialLists } from '@pkg/data/slimCache';

/**
 * The simulator's demo state behind msw for a test file that mounts the overview's screens: served for the file,
 * put back before each test with the extension's per-cluster caches (guest checks, the topology's slim lists)
 * forgotten, so no test sees what another read. Returns the state the tests change and read back, and the server
 * (to answer as another user with `server.use`).
 */
export function useDemoServer(seed = demoSeed()): { state: SimState; server: SetupServerApi } {
  const state = createState(seed);
  const server = setupServer(...steveHandlers(state));

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    resetState(state);
    forgetGuestChecks();
    partialLists.clear();
  });
  afterAll(() => server.close());

  return { state, server };
}
