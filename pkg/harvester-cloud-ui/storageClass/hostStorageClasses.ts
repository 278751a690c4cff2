/**
 * Everything the Harvester provisioner form reads, in one place: the host cluster's StorageClasses (through
 * Rancher's proxy), the CSI driver version on the guest and the host-side RBAC of its service account.
 * Opening the form costs the host lookup (one GET of the cloud credential) and one list of the host's
 * StorageClasses; the version and RBAC checks only run once a custom host class is in play (csiChecks.ts, loaded
 * then).
 */
import { KubeObject } from '../data/types';
import { StoreLike } from '../data/store';
import { STORAGE_CLASS } from '../data/typeIds';
import { hostList } from '../data/clusterProxy';
import { HttpFailure, classifyHttpFailure } from '../data/failure';
import { findHostClusterId } from '../environment/host';

const DEFAULT_CLASS_ANNOTATIONS = ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'];

type StorageClass = KubeObject & {
  provisioner?: string;
  parameters?: Record<string, string>;
  volumeBindingMode?: string;
};

/** Why the host's classes could not be listed. */
export type HostFailure = 'noHost' | HttpFailure;

export interface HostClasses {
  hostClusterId: string | null;
  /** null when they could not be read. */
  classes: KubeObject[] | null;
  failure?: HostFailure;
  /** The server's message, shown as is. */
  detail?: string;
}

export interface HostClassDescription {
  name: string;
  provisioner: string;
  /** Longhorn's `numberOfReplicas`, when the class sets it. */
  replicas?: string;
  volumeBindingMode: string;
  isDefault: boolean;
}

export function failureOf(err: unknown): { failure: HostFailure; detail?: string } {
  const { failure, detail } = classifyHttpFailure(err);

  return { failure, detail };
}

/** Finds the guest's Harvester host and lists its StorageClasses: at most two requests. */
export async function loadHostStorageClasses(store: StoreLike, guestClusterId: string): Promise<HostClasses> {
  const hostClusterId = await findHostClusterId(store, guestClusterId);

  if (!hostClusterId) {
    return {
      hostClusterId, classes: null, failure: 'noHost'
    };
  }
  try {
    const classes = await hostList(store, hostClusterId, STORAGE_CLASS);

    return { hostClusterId, classes };
  } catch (err) {
    return {
      hostClusterId, classes: null, ...failureOf(err)
    };
  }
}

export function isDefaultClass(sc: KubeObject): boolean {
  return DEFAULT_CLASS_ANNOTATIONS.some((a) => sc.metadata?.annotations?.[a] === 'true');
}

/** The class the host uses when none is named; with several marked default, Kubernetes takes the newest. */
export function hostDefaultClass(classes: KubeObject[]): KubeObject | null {
  const defaults = classes.filter(isDefaultClass);
  const created = (sc: KubeObject) => `${ (sc.metadata as { creationTimestamp?: string }).creationTimestamp || '' }`;

  return defaults.sort((a, b) => created(b).localeCompare(created(a)))[0] || null;
}

export function describeHostClass(sc: KubeObject): HostClassDescription {
  const c = sc as StorageClass;

  return {
    name:              c.metadata.name,
    provisioner:       c.provisioner || '',
    replicas:          c.parameters?.numberOfReplicas,
    volumeBindingMode: c.volumeBindingMode || 'Immediate',
    isDefault:         isDefaultClass(c),
  };
}
