/**
 * Differences between the simulator's controllers and the real ones that the controller differential tolerates,
 * each with its reason. `scenario` matches the scenario's name, `path` the difference line (`path: sim=… real=…`).
 */
export interface Allowance { scenario: RegExp; path: RegExp; reason: string }

export const CONTROLLER_ALLOW_LIST: Allowance[] = [
  {
    scenario: /^(pool exhausted|no pool for the network)$/,
    path:     /^loadBalancers\.[^.:]+: sim=\{.* real=undefined$/,
    reason:   'after a failed wait for an address the real provider deletes the host LoadBalancer and makes it again on its next retry (backoff 5 s, 10 s, …); the simulator keeps it so that its Ready message stays readable. Which one a snapshot of the real side sees depends on where the retry is',
  },
  {
    scenario: /^(dhcp|network changed after creation)$/,
    path:     /^loadBalancers\.[^.]+\.status\.address: sim=(undefined|"<dhcp>") real=(undefined|"<dhcp>")$/,
    reason:   'kube-vip writes a DHCP lease into the annotations, then the address into the status; the provider syncs on the annotation change and copies the address to the host only if the status write came first. Real: either, by timing; the simulator: the lease first, then the provider, then the status (so no address on the host)',
  },
];

export function allowedDifference(scenario: string, line: string): boolean {
  return CONTROLLER_ALLOW_LIST.some((a) => a.scenario.test(scenario) && a.path.test(line));
}
