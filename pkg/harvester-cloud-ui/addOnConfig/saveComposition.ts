import { Annotations } from './annotations';
import { isLbAnnotation } from './annotationWrites';

/**
 * What the Service's load-balancer annotations are when it is sent, decided at the one moment that counts: the
 * save. The page's before-save hooks run in priority order (shell/mixins/child-hook.js `applyHooks`, lowest
 * first, 99 by default). This extension registers two:
 *  - `SNAPSHOT_PRIORITY` (first): validation, then a copy of the annotations as the user left them: the server's
 *    last version, the Add-on Config edits (written as the user makes them) and the edits of other tabs
 *    (Labels & Annotations).
 *  - `COMPOSE_PRIORITY` (after every other, above Rancher's 99): the provider's keys are set back to that copy.
 *    Whatever another hook wrote to them in between (Rancher's own Add-on Config on 2.12–2.14 writes `ipam: dhcp`
 *    and drops `primary-service` in its `harvesterWillSave`) is not sent; keys outside the provider's are left
 *    as the other hooks made them.
 */
export const SNAPSHOT_PRIORITY = 1;
export const COMPOSE_PRIORITY = 1000;

/** The provider's keys of a set of annotations (cloudprovider.harvesterhci.io/*, as annotations.ts owns them). */
export function ownedAnnotations(annotations: Annotations | null | undefined): Annotations {
  return Object.fromEntries(Object.entries(annotations || {}).filter(([k]) => isLbAnnotation(k)));
}

/**
 * The annotations to send: `current` (after every other hook) with the provider's keys exactly as they were in
 * `snapshot` (before any hook): present with the same bytes, or absent.
 */
export function composeForSave(snapshot: Annotations | null | undefined, current: Annotations | null | undefined): Annotations {
  const out: Annotations = {};

  Object.entries(current || {}).forEach(([k, v]) => {
    if (!isLbAnnotation(k)) {
      out[k] = v;
    }
  });

  return Object.assign(out, ownedAnnotations(snapshot));
}

/** True when the provider's keys differ between two sets of annotations (someone other than the tab changed them). */
export function ownedDiffer(a: Annotations | null | undefined, b: Annotations | null | undefined): boolean {
  const pa = ownedAnnotations(a);
  const pb = ownedAnnotations(b);
  const keys = new Set([...Object.keys(pa), ...Object.keys(pb)]);

  return [...keys].some((k) => pa[k] !== pb[k]);
}
