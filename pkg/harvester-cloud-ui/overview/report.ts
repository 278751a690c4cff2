/**
 * The Harvester integration overview of one guest cluster, decided from what was read (loadOverview.ts), as plain
 * data for the page and the card. Nothing here requests or renders: every decision has a unit test.
 */
import { WorkloadRun, workloadRun } from '../environment/workloadRun';
import { KubeObject } from '../data/types';
import { Component, versionFromWorkload } from '../environment/installedVersions';
import { NadMapping } from '../addOnConfig/nadMapping';
import { ingressAddress, isLoadBalancer, serviceRef } from '../addOnConfig/services';
import { currentFailure, loadBalancerEvents, PendingCause } from '../addOnConfig/pendingReasons';
import { RbacState } from '../storageClass/rbac';
import { ArgFlag, ParsedArgs } from '../loadBalancersPage/providerArgs';
import { CAPABILITIES, CapabilityState, capabilityState } from './capabilities';
import { checkCloudConfig, ConfigCheck, ConfigInput, SETUP_FIXES } from './cloudConfig';
import type { Read } from '../data/read';
import type { Placement, RbacWhy } from './access';

export type { Read } from '../data/read';

export interface OverviewInput {
  workloads: Record<Component, Read<KubeObject>>;
  nadMapping: Read<NadMapping>;
  /** The LoadBalancer Services of the guest. */
  services: Read<KubeObject[]>;
  /** Events about Services (for Pending reasons); unreadable leaves the reasons unknown. */
  serviceEvents: Read<KubeObject[]>;
  rbac: { state: RbacState; account: { name: string; namespace: string | null } | null; /** Why it is unknown. */ why: RbacWhy | null };
  /** The cloud provider's arguments and what in them leaves load balancers Pending (loadBalancersPage/providerArgs.ts). */
  providerArgs: {
    /** Where they were read; null: nowhere (not installed, or neither the Deployment nor its App readable). */
    from: 'deployment' | 'app' | null;
    parsed: ParsedArgs | null;
    flags: ArgFlag[];
  };
  /** What the provider's cloud config check read (cloudConfig.ts); null when not read (the card). */
  cloudConfig: ConfigInput | null;
  /** What "Set up" needs to know of where the guest runs (access.ts); null when not read (the card). */
  placement: Placement | null;
}

export interface ComponentReport {
  component: Component;
  /** null: the workload could not be read (RBAC), so neither presence nor version is known. */
  installed: boolean | null;
  version: string | null;
  /** Whether its Pods run (environment/workloadRun.ts); null when not installed or its status is not there. */
  run: WorkloadRun | null;
  capabilities: { key: string; state: CapabilityState; since?: string; until?: string; source: string }[];
}

export interface PendingLb {
  ref: string;
  namespace: string;
  name: string;
  /** null: no failure recorded (still being set up), or the events could not be read. */
  cause: PendingCause | null;
  args: Record<string, string>;
}

export interface OverviewReport {
  components: ComponentReport[];
  nad: { state: 'unreadable' | 'missing' | 'empty' | 'malformed' | 'ok'; networks: string[] };
  rbac: OverviewInput['rbac'];
  providerArgs: OverviewInput['providerArgs'];
  cloudConfig: ConfigCheck | null;
  loadBalancers: null | { allocated: { ref: string; address: string }[]; pending: PendingLb[]; eventsReadable: boolean };
  placement: Placement | null;
  /** What needs the owner's attention, most serious first (l10n keys under `harvesterOverview.problems.`). */
  problems: { key: string; args?: Record<string, string | number> }[];
}

function componentReport(component: Component, read: Read<KubeObject>): ComponentReport {
  const installed = read.readable ? !!read.value : null;
  const version = versionFromWorkload(read.value, component);

  return {
    component,
    installed,
    version,
    run:          installed ? workloadRun(read.value) : null,
    capabilities: CAPABILITIES.filter((c) => c.component === component).map((c) => ({
      key: c.key, state: capabilityState(c, installed, version), since: c.since, until: c.until, source: c.source
    })),
  };
}

function loadBalancerReport(services: KubeObject[], events: Read<KubeObject[]>): NonNullable<OverviewReport['loadBalancers']> {
  const lbs = services.filter(isLoadBalancer).sort((a, b) => serviceRef(a).localeCompare(serviceRef(b)));
  const allocated: { ref: string; address: string }[] = [];
  const pending: PendingLb[] = [];

  lbs.forEach((svc) => {
    const address = ingressAddress(svc);

    if (address) {
      allocated.push({ ref: serviceRef(svc), address });

      return;
    }
    const failure = events.readable ? currentFailure(loadBalancerEvents(events.value || [], svc), false) : null;

    pending.push({
      ref:       serviceRef(svc),
      namespace: svc.metadata.namespace || 'default',
      name:      svc.metadata.name,
      cause:     failure?.explanation.cause || null,
      args:      failure?.explanation.args || {},
    });
  });

  return {
    allocated, pending, eventsReadable: events.readable
  };
}

export function buildOverview(input: OverviewInput, nowSeconds = Date.now() / 1000): OverviewReport {
  const components = (['cloudProvider', 'csiDriver'] as Component[]).map((c) => componentReport(c, input.workloads[c]));
  const mapping = input.nadMapping;
  const nad: OverviewReport['nad'] = !mapping.readable || !mapping.value ? { state: 'unreadable', networks: [] } : { state: mapping.value.problem || 'ok', networks: mapping.value.options.map((o) => o.label) };
  const loadBalancers = input.services.readable ? loadBalancerReport(input.services.value || [], input.serviceEvents) : null;
  const problems: OverviewReport['problems'] = [];

  components.forEach((c) => {
    if (c.installed === false) {
      problems.push({ key: `${ c.component }Missing` });
    } else if (c.installed === null) {
      problems.push({ key: `${ c.component }Unreadable` });
    } else if (c.run && !c.run.running) {
      problems.push({ key: `${ c.component }NotRunning`, args: { available: c.run.available, desired: c.run.desired } });
    }
  });
  if (nad.state === 'malformed' || nad.state === 'empty') {
    // The provider (v0.2.7+) refuses every network then; only a problem where it checks the mapping.
    const provider = components[0];
    const checks = provider.capabilities.find((c) => c.key === 'nadMapping')?.state;

    if (checks !== 'unsupported' && checks !== 'notInstalled') {
      problems.push({ key: nad.state === 'malformed' ? 'nadMalformed' : 'nadEmpty' });
    }
  }
  const cloudConfig = input.cloudConfig && checkCloudConfig(input.cloudConfig, nowSeconds);

  if (cloudConfig && (SETUP_FIXES.includes(cloudConfig.state) || cloudConfig.state === 'secretForbidden')) {
    const { state, ...args } = cloudConfig;

    problems.push({ key: `config.${ state }`, args: args as Record<string, string> });
  }
  // Each argument that leaves load balancers Pending, most severe first (checkProviderArgs' order).
  input.providerArgs.flags.forEach((f) => problems.push({ key: `args.${ f.id }`, args: f.args }));
  if (input.rbac.state === 'missing' && components[1].installed !== false) {
    problems.push({ key: 'rbacMissing', args: { name: input.rbac.account?.name || '', namespace: input.rbac.account?.namespace || '' } });
  }
  if (loadBalancers?.pending.length) {
    problems.push({ key: 'pending', args: { count: loadBalancers.pending.length } });
  }

  return {
    components, nad, rbac: input.rbac, providerArgs: input.providerArgs, cloudConfig, loadBalancers, placement: input.placement, problems
  };
}
