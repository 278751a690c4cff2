/**
 * One console warning per subject per page load: loud enough to be seen, not a flood. A neutral home so that
 * shared controls can say a host part is missing without importing the shell adapter.
 */
const warned = new Set<string>();

export function warnOnceAbout(subject: string, message: string): void {
  if (!warned.has(subject)) {
    warned.add(subject);
    // eslint-disable-next-line no-console
    console.warn(`[harvester-cloud-ui] ${ message }`);
  }
}
