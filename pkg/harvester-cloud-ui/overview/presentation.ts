/**
 * How the overview shows its report: badge colours and message keys, kept out of the view so the choices are tested.
 * Tones are the controls' StateBadge colours.
 */
import { CapabilityState } from './capabilities';
import { ConfigCheck, SETUP_FIXES } from './cloudConfig';
import { ComponentReport, OverviewReport } from './report';

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'disabled';

export function installedTone(c: ComponentReport): Tone {
  return c.installed === true ? 'success' : c.installed === false ? 'error' : 'info';
}

/** l10n key under `harvesterOverview.components.` for a component's installed state. */
export function installedKey(c: ComponentReport): string {
  return c.installed === true ? 'installed' : c.installed === false ? 'notInstalled' : 'unreadable';
}

export function capabilityTone(state: CapabilityState): Tone {
  return ({
    supported: 'success', unsupported: 'disabled', unknown: 'info', notInstalled: 'disabled'
  } as const)[state];
}

/** The condition a capability depends on, for the sentence beside its badge: "from v0.2.0", "up to v0.1.x"… */
export function capabilityCondition(cap: ComponentReport['capabilities'][number]): { key: string; version?: string } | null {
  if (cap.since && cap.since !== '0.1.0') {
    return { key: 'since', version: cap.since };
  }
  if (cap.until) {
    return { key: 'until', version: cap.until };
  }

  return null;
}

export function nadTone(state: OverviewReport['nad']['state']): Tone {
  return ({
    ok: 'success', missing: 'info', empty: 'warning', malformed: 'error', unreadable: 'info'
  } as const)[state];
}

export function rbacTone(state: OverviewReport['rbac']['state']): Tone {
  return state === 'bound' ? 'success' : state === 'missing' ? 'warning' : 'info';
}

/**
 * Why the Set up flow is offered: a component is missing (not when it merely could not be read), or the provider's
 * cloud config is missing, broken, for another namespace or expired (cloudConfig.ts); null: not offered.
 */
export function setupReason(report: OverviewReport): 'missing' | 'config' | null {
  if (report.components.some((c) => c.installed === false)) {
    return 'missing';
  }

  return report.cloudConfig && SETUP_FIXES.includes(report.cloudConfig.state) ? 'config' : null;
}

export function needsSetup(report: OverviewReport): boolean {
  return setupReason(report) !== null;
}

export function configTone(check: ConfigCheck): Tone {
  return check.state === 'ok' ? 'success' : SETUP_FIXES.includes(check.state) ? 'error' : 'info';
}

/** l10n key under `harvesterOverview.config.detail.` for the sentence beside the cloud config's badge. */
export function configDetailKey(check: ConfigCheck): string {
  if (check.state === 'notChecked' || check.state === 'nodesBroken') {
    return `${ check.state }.${ check.why }`;
  }

  return check.state === 'onNodes' ? `onNodes.${ check.running ? 'running' : 'notRunning' }` : check.state;
}
