/**
 * Differences between the simulator's controllers and the real ones that the controller differential tolerates,
 * each with its reason. `scenario` matches the scenario's name, `path` the difference line (`path: sim=… real=…`).
 */
export interface Allowance { scenario: RegExp; path: RegExp; reason: string }

export const CONTROLLER_ALLOW_LIST: Allowance[] = [];

export function allowedDifference(scenario: string, line: string): boolean {
  return CONTROLLER_ALLOW_LIST.some((a) => a.scenario.test(scenario) && a.path.test(line));
}
