import { forgetGuestChecks } from '@pkg/environment/guestRegistry';
import { partialLists } from '@pkg/data/slimCache';
import { clearHostPlacement } from '@pkg/topology/hostTopology';

/**
 * What the extension remembers for the life of a page load, forgotten as on a new login: which clusters are Harvester
 * guests, the partial lists kept by revision, and each guest's host and VM namespaces.
 */
export function forgetSession(): void {
  forgetGuestChecks();
  partialLists.clear();
  clearHostPlacement();
}
