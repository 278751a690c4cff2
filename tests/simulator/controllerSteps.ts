/**
 * What the controller test files share: the demo state with the simulated Harvester controllers (helpers.ts
 * useControllers), stepped by hand as tests do, and reading what a user of the clusters sees.
 */
import { call, useControllers } from './helpers';

export const HOST = '/k8s/clusters/c-hh001/v1';
export const K3S = '/k8s/clusters/c-k3sg001/v1';

/** For a test file: the world, one step of the controllers, a GET's body, and the events about an object by name. */
export function useControllerSteps() {
  const world = useControllers();

  function step(): void {
    expect(call(world.state, 'POST', '/__sim/controllers/step', { as: null }).status).toBe(200);
  }

  const get = (path: string) => call(world.state, 'GET', path).body;
  const eventsOf = (base: string, name: string) => get(`${ base }/events`).data.filter((e: any) => e.involvedObject.name === name).map((e: any) => [e._type, e.reason, e.message]);

  return {
    world, step, get, eventsOf
  };
}
