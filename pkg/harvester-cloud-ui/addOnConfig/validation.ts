import { KubeObject } from '../data/types';
import { HEALTH_CHECK_FIELDS, LbConfig } from './annotations';
import { goIntProblem, goIntValue } from './goInt';
import { NadMapping, networkMappingError } from './nadMapping';
import { healthCheckNeedsNodePort, healthCheckSupport, nadMappingChecked, networkSupported } from './providerSupport';
import { portsOf, serviceRef } from './services';
import { overlappingPorts, primaryCandidates, tcpPorts } from './servicePorts';
import type { Translate } from '../shared/translate';

export type LbField = 'ipam' | 'primaryService' | 'network' | 'healthCheckPort' | 'successThreshold' | 'failureThreshold' | 'periodSeconds' | 'timeoutSeconds';

/** An error as an l10n key (under harvesterCloud.loadBalancer.errors) and its arguments. */
export interface FieldError {
  key: string;
  args?: Record<string, string | number>;
}

export type LbErrors = Partial<Record<LbField, FieldError>>;

export interface LbValidationContext {
  /** The Service being created or edited, with its current ports. */
  service: KubeObject;
  /** The cluster's Services, for the sharing rules. */
  services: KubeObject[];
  /** False while the cluster's Services could not be read: the sharing rules are then left to the provider. */
  servicesKnown?: boolean;
  /** The installed provider's app version; null when unknown (the stricter rules then apply). */
  providerVersion?: string | null;
  /** `kube-system/harvester-nad-mapping` as read from the guest; absent: not read. */
  nadMapping?: NadMapping;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** A number field as Go's Atoi reads it; `min` is this form's own floor (the provider has none). */
function numberError(value: string, min: number): FieldError | null {
  const problem = goIntProblem(value);

  if (problem) {
    return { key: problem === 'empty' ? 'required' : problem === 'blanks' ? 'blanks' : problem === 'outOfRange' ? 'outOfRange' : 'wholeNumber' };
  }

  return goIntValue(value) < min ? { key: 'atLeast', args: { min } } : null;
}

function sharingErrors(config: LbConfig, ctx: LbValidationContext): LbErrors {
  const selfRef = serviceRef(ctx.service);
  const known = ctx.servicesKnown !== false;
  const primary = config.primaryService;

  if (!primary) {
    // Also an empty annotation: `getPrimaryService` refuses it ("invalid service name").
    return { primaryService: { key: 'primaryRequired' } };
  }
  const [ns, name] = primary.split('/', 2);

  if (!ns || !name || !primary.includes('/')) {
    return { primaryService: { key: 'primaryFormat', args: { primary } } };
  }
  if (known && !primaryCandidates(ctx.services, selfRef).some((s) => serviceRef(s) === primary)) {
    return { primaryService: { key: 'primaryInvalid', args: { primary } } };
  }
  if (known) {
    const overlap = overlappingPorts(portsOf(ctx.service), ctx.services, primary, selfRef);

    if (overlap.length) {
      return { primaryService: { key: 'portOverlap', args: { ports: overlap.map((o) => `${ o.port } (${ o.owner })`).join(', ') } } };
    }
  }

  return {};
}

function networkErrors(config: LbConfig, ctx: LbValidationContext): LbErrors {
  const errors: LbErrors = {};
  const version = ctx.providerVersion ?? null;

  if (config.ipamRaw !== undefined && config.ipamRaw !== 'pool' && config.ipamRaw !== 'dhcp') {
    errors.ipam = { key: 'ipamUnreadable', args: { value: config.ipamRaw } };
  }
  if (!config.network) {
    return errors;
  }
  const [ns, name, ...rest] = config.network.split('/');

  if (rest.length || !ns || !name || !DNS_LABEL.test(ns) || !DNS_LABEL.test(name)) {
    errors.network = { key: 'networkFormat' };
  } else if (!networkSupported(version)) {
    errors.network = { key: 'networkIgnored', args: { version: version || '' } };
  } else if (ctx.nadMapping && nadMappingChecked(version)) {
    const key = networkMappingError(config.network, ctx.nadMapping);

    if (key) {
      errors.network = { key, args: { network: config.network } };
    }
  }

  return errors;
}

function healthCheckErrors(config: LbConfig, ctx: LbValidationContext): LbErrors {
  const errors: LbErrors = {};
  const hc = config.healthCheck;

  if (!hc.enabled) {
    return errors;
  }
  const ports = tcpPorts(ctx.service);
  const portError = numberError(hc.port, 1);

  if (portError) {
    errors.healthCheckPort = portError.key === 'required' ? { key: 'portRequired' } : portError;
  } else if (!ports.includes(goIntValue(hc.port))) {
    // v0.1.5 `getNodePort`: "nodeport not found" unless it is one of spec.ports[].port. This form also asks for
    // a TCP port: the probe is a TCP connect, a UDP port's check always fails.
    errors.healthCheckPort = { key: 'portNotInService', args: { ports: ports.join(', ') || '-' } };
  } else if (ctx.service?.spec?.allocateLoadBalancerNodePorts === false && healthCheckNeedsNodePort(ctx.providerVersion ?? null)) {
    // R-HC-4: without node ports the Service port has NodePort 0 and v0.1.2–v0.1.5 fail with "nodeport not found".
    errors.healthCheckPort = { key: 'noNodePorts', args: { version: ctx.providerVersion || '' } };
  }
  HEALTH_CHECK_FIELDS.forEach((f) => {
    // Atoi is all v0.1.5 asks; at least 1 is this form's floor (Harvester's webhook refuses 0 for VM LBs).
    const e = numberError(hc[f], 1);

    if (e) {
      errors[f] = e;
    }
  });

  return errors;
}

/** The rules the cloud provider and Harvester's load balancer enforce, checked before anything is sent. */
export function validateLbConfig(config: LbConfig, ctx: LbValidationContext): LbErrors {
  return {
    ...(config.sharing ? sharingErrors(config, ctx) : networkErrors(config, ctx)),
    ...healthCheckErrors(config, ctx),
  };
}

const HEALTH_CHECK_ERROR_FIELDS: LbField[] = ['healthCheckPort', ...HEALTH_CHECK_FIELDS];

const fieldValue = (c: LbConfig, f: LbField): string => {
  switch (f) {
  case 'ipam': return `${ c.ipamRaw }`;
  case 'primaryService': return `${ c.sharing }:${ c.primaryService }`;
  case 'network': return c.network;
  case 'healthCheckPort': return `${ c.healthCheck.enabled }:${ c.healthCheck.port }`;
  default: return `${ c.healthCheck.enabled }:${ c.healthCheck[f] }`;
  }
};

/**
 * Splits the problems into those that stop Save and those only shown beside their field:
 * - what the user typed wrong blocks, as any bad input does;
 * - a value the Service already had when the form opened (edit) never blocks saving something else;
 * - nor does an untouched health-check value when the provider ignores health checks (v0.2.0+).
 */
export function splitErrors(errors: LbErrors, opts: { initial: LbConfig; current: LbConfig; isCreate: boolean; providerVersion: string | null }): { blocking: LbErrors; notices: LbErrors } {
  const blocking: LbErrors = {};
  const notices: LbErrors = {};
  const ignored = healthCheckSupport(opts.providerVersion) === 'ignored';

  (Object.keys(errors) as LbField[]).forEach((f) => {
    const untouched = fieldValue(opts.initial, f) === fieldValue(opts.current, f);
    const stale = untouched && (!opts.isCreate || (ignored && HEALTH_CHECK_ERROR_FIELDS.includes(f)));

    (stale ? notices : blocking)[f] = errors[f];
  });

  return { blocking, notices };
}

/** A field's message in the page's language, as the shared FieldMessages component shows it (none: no message). */
export function errorMessages(t: Translate, error: FieldError | undefined): string[] {
  return error ? [t(`harvesterCloud.loadBalancer.errors.${ error.key }`, error.args)] : [];
}
