/**
 * The cloud provider's arguments that leave load balancers Pending, read from its Deployment's container
 * (`command` + `args`; the chart renders `--cluster-name={{ .Values.global.cattle.clusterName }}` when set and then
 * `.Values.extraArgs`, harvester/charts `charts/harvester-cloud-provider/templates/deployment.yaml`).
 * - `--controllers` (k8s.io/cloud-provider, parsed by pflag as a string slice: commas split, a repeated flag
 *   appends): a controller runs when listed, not when listed as `-name`, else when `*` is listed (the default)
 *   (k8s.io/controller-manager `IsControllerEnabled`). The load balancers are the `service-lb-controller`
 *   (`service` up to provider v0.2.4, k8s.io/cloud-provider v0.26). From v0.2.5 cloud-provider-harvester's
 *   `main.go` registers no aliases (`NewCloudControllerManagerCommand(…, map[string]string{}, …)`), so an old or
 *   unknown name fails validation ("is not in the list of known controllers") and the provider does not start.
 * - `--cluster-name`: absent → `kubernetes` (the framework default); empty or default, the provider warns "please
 *   ensure a unique name is set to avoid resource conflicts" (`warnClusterName`): its LoadBalancers carry that name
 *   (label `cloudprovider.harvesterhci.io/cluster`, annotation `loadbalancer.harvesterhci.io/cluster`), so IP pools
 *   scoped to the guest cluster's name do not match (`isMatch`), and another guest cluster in the same host
 *   namespace without it looks like the same cluster to load-balancer-harvester (its webhook skips the guest
 *   cluster check for the default name, `checkGuestClusterIsOnRemove`; pools scoped to `kubernetes` serve both).
 * Provider v0.2.8 (chart 0.2.15) reads them as v0.2.7 does: cloud-provider-harvester has no change to `main.go`,
 * `pkg/utils/config.go` or `pkg/cloud-controller-manager` after v0.2.7 (dependency updates only).
 */
import { atLeast } from '../environment/installedVersions';
import { DEFAULT_CLUSTER_NAME } from '../addOnConfig/hostLbName';

export const LB_CONTROLLER = 'service-lb-controller';
export const NEW_NAMES = ['cloud-node-controller', 'cloud-node-lifecycle-controller', LB_CONTROLLER, 'node-route-controller'];
export const OLD_NAMES = ['cloud-node', 'cloud-node-lifecycle', 'service', 'route'];
/** The first provider version on k8s.io/cloud-provider v0.31 (the renamed controllers). */
export const RENAMED_CONTROLLERS = '0.2.5';

export interface ParsedArgs {
  /** null when not given (the framework default applies). */
  clusterName: string | null;
  /** Every `--controllers` value in order; null when not given (`*`). */
  controllers: string[] | null;
  managementNetwork: string | null;
}

const VALUE_FLAGS = ['cluster-name', 'controllers', 'management-network'];

/** The flags this module reads, as pflag would: `--f=v` or `--f v`; the last one wins, `--controllers` appends. */
export function parseProviderArgs(argv: readonly string[]): ParsedArgs {
  const out: ParsedArgs = {
    clusterName: null, controllers: null, managementNetwork: null
  };

  for (let i = 0; i < argv.length; i++) {
    const m = /^--?([a-z-]+)(?:=(.*))?$/.exec(argv[i]);

    if (!m || !VALUE_FLAGS.includes(m[1])) {
      continue;
    }
    const value = m[2] !== undefined ? m[2] : argv[++i] ?? '';

    if (m[1] === 'controllers') {
      out.controllers = [...(out.controllers || []), ...value.split(',').map((s) => s.trim()).filter(Boolean)];
    } else if (m[1] === 'cluster-name') {
      out.clusterName = value;
    } else {
      out.managementNetwork = value;
    }
  }

  return out;
}

export function isControllerEnabled(name: string, controllers: readonly string[]): boolean {
  let star = false;

  for (const c of controllers) {
    if (c === name) {
      return true;
    }
    if (c === `-${ name }`) {
      return false;
    }
    star = star || c === '*';
  }

  return star;
}

export type ArgFlag =
  | { id: 'lbControllerOff'; args: { controllers: string } }
  | { id: 'unknownController'; args: { name: string; known: string } }
  | { id: 'clusterNameShared'; args: { name: string; clusters: string; namespace: string } }
  | { id: 'clusterNameDefault'; args: { name: string } };

export interface ArgsInput {
  /** The container's command and args; null when the Deployment is not readable (nothing is flagged). */
  argv: readonly string[] | null;
  /** The provider's app version; null when unknown (both controller name sets are accepted). */
  version: string | null;
  /** Other guest clusters with VMs in this guest's host namespace; null when unknown. */
  sharing?: { namespace: string; clusters: string[] } | null;
}

/** What in the provider's arguments leaves load balancers Pending, most severe first. */
export function checkProviderArgs(input: ArgsInput): ArgFlag[] {
  if (!input.argv) {
    return [];
  }
  const parsed = parseProviderArgs(input.argv);
  const flags: ArgFlag[] = [];
  const controllers = parsed.controllers || ['*'];
  const uses = (names: string[]) => controllers.some((c) => names.includes(c.replace(/^-/, '')));
  // Unknown version: the names the arguments use tell which framework the provider was configured for.
  const renamed = atLeast(input.version, RENAMED_CONTROLLERS) ?? (uses(OLD_NAMES) ? false : uses(NEW_NAMES) ? true : null);
  const known = renamed === null ? [...NEW_NAMES, ...OLD_NAMES] : renamed ? NEW_NAMES : OLD_NAMES;
  const unknown = controllers.map((c) => c.replace(/^-/, '')).find((c) => c !== '*' && !known.includes(c));

  if (unknown) {
    flags.push({ id: 'unknownController', args: { name: unknown, known: (renamed === false ? OLD_NAMES : NEW_NAMES).join(', ') } });
  }
  const lbNames = renamed === null ? [LB_CONTROLLER, 'service'] : [renamed ? LB_CONTROLLER : 'service'];

  // An unknown name stops the provider altogether: that is the flag to fix first, not the controller list.
  if (!unknown && !lbNames.some((n) => isControllerEnabled(n, controllers))) {
    flags.push({ id: 'lbControllerOff', args: { controllers: controllers.join(',') } });
  }
  const name = parsed.clusterName ?? DEFAULT_CLUSTER_NAME;

  if (name === '' || name === DEFAULT_CLUSTER_NAME) {
    const others = input.sharing?.clusters || [];

    flags.push(others.length ? {
      id:   'clusterNameShared',
      args: {
        name, clusters: others.join(', '), namespace: input.sharing?.namespace || ''
      }
    } : { id: 'clusterNameDefault', args: { name } });
  }

  return flags;
}

/** The container command and args of the provider's Deployment, or null when it has none readable. */
export function providerArgv(workload: { spec?: any } | null | undefined): string[] | null { // eslint-disable-line @typescript-eslint/no-explicit-any
  const containers: { args?: string[]; command?: string[] }[] | undefined = workload?.spec?.template?.spec?.containers;

  return containers ? containers.flatMap((c) => [...(c.command || []), ...(c.args || [])]) : null;
}
