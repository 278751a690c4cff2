import { KubeObject } from '../data/types';
import { LbConfig } from './annotations';
import { ingressAddress, serviceRef } from './services';
import { primaryCandidates } from './servicePorts';
import type { Translate } from '../shared/translate';

export type Source = 'pool' | 'dhcp' | 'share';
export interface Option<V = string> { label: string; value: V }

/** Where the address comes from, as the form shows it: sharing wins over the IPAM value a secondary does not use. */
export function sourceOf(form: LbConfig): Source {
  return form.sharing ? 'share' : form.ipam;
}

/** The form after the user picks a source. */
export function withSource(form: LbConfig, source: Source): LbConfig {
  return {
    ...form, sharing: source === 'share', ipam: source === 'dhcp' ? 'dhcp' : 'pool'
  };
}

/** Sharing is offered on create only where the provider supports it; an existing secondary keeps showing it. */
export function sourceOptions(t: Translate, opts: { isCreate: boolean; sharingSupport: boolean | null; sharing: boolean }): Option<Source>[] {
  const out: Option<Source>[] = [
    { label: t('harvesterCloud.loadBalancer.ipSource.pool'), value: 'pool' },
    { label: t('harvesterCloud.loadBalancer.ipSource.dhcp'), value: 'dhcp' },
  ];

  if (!opts.isCreate || opts.sharingSupport !== false || opts.sharing) {
    out.push({ label: t('harvesterCloud.loadBalancer.ipSource.share'), value: 'share' });
  }

  return out;
}

/** Services that can be primaries, and on edit the current primary even if it no longer qualifies. */
export function primaryOptions(t: Translate, services: KubeObject[], selfRef: string, current: string): Option[] {
  const out = primaryCandidates(services, selfRef).map((s) => ({
    label: t('harvesterCloud.loadBalancer.primary.option', { service: serviceRef(s), address: ingressAddress(s) }),
    value: serviceRef(s),
  }));

  if (current && !out.some((c) => c.value === current)) {
    out.push({ label: current, value: current });
  }

  return out;
}

/** The provider's default, the NAD mapping's networks, and a value already on the Service that the mapping lacks. */
export function networkOptions(t: Translate, mapped: Option[], current: string): Option[] {
  const out = [{ label: t('harvesterCloud.loadBalancer.network.providerDefault'), value: '' }, ...mapped];

  if (current && !out.some((o) => o.value === current)) {
    out.push({ label: current, value: current });
  }

  return out;
}
