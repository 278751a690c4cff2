/**
 * Every difference between the simulator and the real components the differential tests tolerate, with its reason.
 * `step` matches the test step's label, `path` the difference line (`path: sim=… real=…`).
 */
export interface Allowance { step: RegExp; path: RegExp; reason: string }

export const ALLOW_LIST: Allowance[] = [
  {
    step: /./, path: /\.keys\._id: sim=undefined real=true$/, reason: 'Steve\'s SQL cache adds `_id` to list rows; the dashboard reads `id`, never `_id`'
  },
  {
    step: /./, path: /\.metaKeys\.managedFields: sim=undefined/, reason: 'the simulator does not model server-side apply\'s managedFields (no client of the extension reads them)'
  },
  {
    step: /./, path: /\.metaKeys\.generation: sim="<volatile>" real=undefined$/, reason: 'the simulator stamps metadata.generation on every object; Kubernetes only on types with a generation strategy (not Services, Nodes)'
  },
  {
    step: /^nodes$/, path: /\.spec\.(podCIDRs|taints):/, reason: 'the real nodes are registered without a kubelet: not-ready taint and podCIDR from the real control plane'
  },
  {
    step: /^(nodes|host loadbalancers)$/, path: /\.state\.message: sim="Resource is current" real="Resource is Ready"$/, reason: 'summary message for a Ready condition: to align in lab/simulator/steve/summary.ts (open)'
  },
  {
    step: /^create$/, path: /\.(fields|metaKeys\.fields): sim=(7|true) real=undefined$/, reason: 'real Steve\'s create answer is not run through the SQL cache\'s column formatter; the dashboard re-reads through the watch'
  },
  {
    step: /^\/api\/v1$/, path: /services\.storageVersionHash: sim=undefined/, reason: 'an opaque hash of the storage version; kubectl only compares it between discovery calls'
  },
];

export function allowed(step: string, line: string): boolean {
  return ALLOW_LIST.some((a) => a.step.test(step) && a.path.test(line));
}
