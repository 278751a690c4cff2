/**
 * Every difference between the simulator and Rancher's own server the management differential tolerates, with its
 * reason. `step` matches the test step's label, `path` the difference line (`path: sim=… rancher=…`). Entries marked
 * "open" are differences of behaviour the simulator does not model yet (docs/demo-mode.md, Rancher mode).
 */
export interface Allowance { step: RegExp; path: RegExp; reason: string }

export const ALLOW_LIST: Allowance[] = [
  {
    step: /^v1 clusters /, path: /^guest\.(driver: sim="rke2" rancher="imported"|provider: sim="rke2" rancher="")$/, reason: 'the stack\'s guest runs upstream Kubernetes (no +rke2r1 in its version), from which Rancher derives an imported cluster\'s provider and driver; the simulator models a real RKE2 guest'
  },
  {
    step: /^v3 clusters (admin|viewer) guest keys$/, path: /^0: sim=undefined rancher="labels"$/, reason: 'the demo\'s guest carries the labels Rancher puts on an RKE2 cluster it provisioned; the stack\'s guest is imported upstream Kubernetes, with none (norman leaves the empty map out)'
  },
  {
    step: /^setting ui-offline-preferred /, path: /^: sim="dynamic" rancher="true"$/, reason: 'the stack runs Rancher with CATTLE_UI_OFFLINE_PREFERRED=true (the dashboard from ../shared/rancher-ui, no CDN); the simulator keeps Rancher\'s default'
  },
  {
    step: /^(v1 clusters |clusterrepos)/, path: /(itemKeys|item)\._id: sim=undefined rancher=true$/, reason: 'Steve\'s SQL cache adds `_id` to list rows (as in the Steve differential); clients read `id`'
  },
  {
    step: /^v1 clusters admin/, path: /^itemKeys\.actions: sim=undefined rancher=true$/, reason: 'the management cluster\'s actions (kubeconfig, import YAML) are the dashboard\'s own menu items; the extension calls none of them, and the simulator lists none (open)'
  },
  {
    step: /^v1 clusters viewer/, path: /^itemKeys\.actions: sim=undefined rancher=true$/, reason: 'as for the admin: the cluster\'s actions are the dashboard\'s own menu items (open)'
  },
  {
    step: /^unknown cluster admin$/, path: /^(status: sim=404 rancher=500|text: sim=undefined rancher="lost connection to cluster: failed to find Session for client stv-cluster-c-nosuch"|(type|code|message): sim=.* rancher=undefined)$/, reason: 'open: Rancher\'s tunnel answers an unknown cluster id with a 500 in plain text (no session for that agent); the simulator answers the Kubernetes 404 Status, which its tests and the extension\'s failure texts rely on'
  },
  {
    step: /^unknown cluster viewer$/, path: /^(status: sim=404 rancher=401|(type|code|message): sim=.* rancher=undefined)$/, reason: 'open: Rancher answers a cluster id that does not exist with the bodiless 401 it gives for a cluster a user may not see (the simulator gives that 401 too), the simulator with the Kubernetes 404 Status, which its tests rely on; the extension\'s reads treat both as "no access" (data/failure.ts)'
  },
  {
    step: /^guest services$/, path: /^cacheControl: sim=undefined rancher="no-cache, no-store, must-revalidate, no-cache, no-store, must-revalidate"$/, reason: 'Rancher and the agent\'s Steve each add no-store; the dashboards\' XHRs are not cached by the browser either way (no validators)'
  },
];

export function allowed(step: string, line: string): boolean {
  return ALLOW_LIST.some((a) => a.step.test(step) && a.path.test(line));
}
