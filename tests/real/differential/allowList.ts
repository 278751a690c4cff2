/**
 * Every difference between the simulator and the real components the differential tests tolerate, with its reason.
 * `step` matches the test step's label, `path` the difference line (`path: sim=… real=…`).
 */
export interface Allowance { step: RegExp; path: RegExp; reason: string }

export const ALLOW_LIST: Allowance[] = [];

export function allowed(step: string, line: string): boolean {
  return ALLOW_LIST.some((a) => a.step.test(step) && a.path.test(line));
}
