import { KubeObject } from '../steve/types';
import { LbConfig } from './annotations';
import {
  overlappingPorts, portsOf, primaryCandidates, serviceRef, tcpPorts
} from './services';

export type LbField = 'primaryService' | 'network' | 'healthCheckPort' | 'successThreshold' | 'failureThreshold' | 'periodSeconds' | 'timeoutSeconds';

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
}

const WHOLE = /^\d+$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function wholeAtLeastOne(value: string): boolean {
  return WHOLE.test(value.trim()) && Number(value.trim()) >= 1;
}

/** The rules the cloud provider and Harvester's webhook enforce, checked before anything is sent. */
export function validateLbConfig(config: LbConfig, ctx: LbValidationContext): LbErrors {
  const errors: LbErrors = {};
  const selfRef = serviceRef(ctx.service);

  if (config.sharing) {
    const known = ctx.servicesKnown !== false;

    if (!config.primaryService) {
      errors.primaryService = { key: 'primaryRequired' };
    } else if (known && !primaryCandidates(ctx.services, selfRef).some((s) => serviceRef(s) === config.primaryService)) {
      errors.primaryService = { key: 'primaryInvalid', args: { primary: config.primaryService } };
    } else if (known) {
      const overlap = overlappingPorts(portsOf(ctx.service), ctx.services, config.primaryService, selfRef);

      if (overlap.length) {
        errors.primaryService = { key: 'portOverlap', args: { ports: overlap.map((o) => `${ o.port } (${ o.owner })`).join(', ') } };
      }
    }
  } else if (config.ipam === 'dhcp' && config.network) {
    const [ns, name, ...rest] = config.network.split('/');

    if (rest.length || !ns || !name || !DNS_LABEL.test(ns) || !DNS_LABEL.test(name)) {
      errors.network = { key: 'networkFormat' };
    }
  }

  const hc = config.healthCheck;

  if (hc.enabled) {
    const ports = tcpPorts(ctx.service);

    if (!hc.port.trim()) {
      errors.healthCheckPort = { key: 'portRequired' };
    } else if (!WHOLE.test(hc.port.trim())) {
      errors.healthCheckPort = { key: 'wholeNumber' };
    } else if (!ports.includes(Number(hc.port.trim()))) {
      errors.healthCheckPort = { key: 'portNotInService', args: { ports: ports.join(', ') || '-' } };
    }
    (['successThreshold', 'failureThreshold', 'periodSeconds', 'timeoutSeconds'] as const).forEach((f) => {
      if (!wholeAtLeastOne(hc[f])) {
        errors[f] = { key: 'wholeNumber' };
      }
    });
  }

  return errors;
}
