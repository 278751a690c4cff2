/**
 * What the Harvester provisioner form shows, decided from its data: the host class options (with what each can do,
 * RWX included), the selected option, the volume mode options, and which notices to show. The view
 * (HarvesterProvisioner.vue) only renders these; `text` is the page's translator.
 */
import { KubeObject } from '../data/types';
import { compareVersions } from '../environment/versions';
import { FILESYSTEM, HarvesterParameters, Issue, MIN_CSI_FOR_HOST_CLASS } from './parameters';
import { describeHostClass, hostDefaultClass, HostClasses } from './hostStorageClasses';
import type { RbacState } from './rbac';
import { driverRwxNotes, hostClassRwx, RwxSupport } from './rwx';
import type { Translate } from '../shared/translate';

// Option values that cannot be StorageClass names (':' is not allowed in one).
export const HOST_DEFAULT = ':host-default:';
export const EMPTY_VALUE = ':empty:';
export const DRIVER_DEFAULT = ':driver-default:';

export interface Option { label: string; value: string }

/** A notice: its colour and its translation key (under `harvesterStorage`) with arguments. */
export interface Notice { color: 'info' | 'warning'; key: string; args?: Record<string, unknown> }

const K = 'harvesterStorage.hostStorageClass';

export function selectedClassValue(form: HarvesterParameters): string {
  const name = form.hostStorageClass;

  if (name === undefined) {
    return HOST_DEFAULT;
  }

  return name === '' ? EMPTY_VALUE : name;
}

/** The host class name a picked option stands for: undefined for the host default; null: keep as is. */
export function classFromOption(value: string | null): string | undefined | null {
  if (value === EMPTY_VALUE) {
    return null;
  }

  return value === HOST_DEFAULT ? undefined : value || undefined;
}

export function rwxText(support: RwxSupport, text: Translate): string {
  return support.rwx ? text(`${ K }.rwx.served`) : text(`${ K }.rwx.${ support.reason }`, { value: support.value || '' });
}

function classLabel(sc: KubeObject, text: Translate): string {
  const d = describeHostClass(sc);
  const parts = [
    d.name,
    d.provisioner,
    d.replicas ? text(`${ K }.replicas`, { count: d.replicas }) : '',
    text(`${ K }.binding.${ d.volumeBindingMode === 'WaitForFirstConsumer' ? 'waitForFirstConsumer' : 'immediate' }`),
    d.isDefault ? text(`${ K }.default`) : '',
    hostClassRwx(sc).rwx ? text(`${ K }.rwx.mark`) : '',
  ];

  return parts.filter((p) => !!p).join(' · ');
}

/** Host default first (named when the host has one), then every host class, then a saved value the host lacks. */
export function classOptions(classes: KubeObject[] | null, current: string | undefined, text: Translate): Option[] {
  const list = classes || [];
  const hostDefault = hostDefaultClass(list);
  const options: Option[] = [{
    label: hostDefault ? text(`${ K }.hostDefault`, { name: hostDefault.metadata.name }) : text(`${ K }.hostDefaultNone`),
    value: HOST_DEFAULT,
  }];

  for (const sc of list) {
    options.push({ label: classLabel(sc, text), value: sc.metadata.name });
  }
  if (current === '') {
    options.push({ label: text(`${ K }.emptyValue`), value: EMPTY_VALUE });
  } else if (current && !options.some((o) => o.value === current)) {
    options.push({ label: `${ current } · ${ text(`${ K }.notOnHostShort`) }`, value: current });
  }

  return options;
}

/** The host class volumes of this StorageClass land in: the named one, or the host's default; null when unknown. */
export function effectiveHostClass(classes: KubeObject[] | null, form: HarvesterParameters): KubeObject | null {
  if (!classes) {
    return null;
  }
  const name = form.hostStorageClass;

  return name === undefined ? hostDefaultClass(classes) : classes.find((c) => c.metadata.name === name) || null;
}

/** RWX for the class in play: whether its host class serves it, and what the driver refuses. */
export function rwxNotice(classes: KubeObject[] | null, form: HarvesterParameters, csiVersion: string | null | undefined, text: Translate): { support: string; notes: string[] } | null {
  const sc = effectiveHostClass(classes, form);

  if (!sc) {
    return null;
  }

  return {
    support: text('harvesterStorage.rwx.forClass', { name: sc.metadata.name, support: rwxText(hostClassRwx(sc), text) }),
    notes:   driverRwxNotes(csiVersion).map((n) => text(`harvesterStorage.rwx.driver.${ n.key }`, n.args)),
  };
}

export function volumeModeOptions(form: HarvesterParameters, text: Translate): Option[] {
  const options = [
    { label: text('harvesterStorage.hostVolumeMode.driverDefault'), value: DRIVER_DEFAULT },
    { label: text('harvesterStorage.hostVolumeMode.filesystem'), value: FILESYSTEM },
  ];
  const current = form.hostVolumeMode;

  if (current !== undefined && current !== FILESYSTEM) {
    options.push({ label: text('harvesterStorage.hostVolumeMode.other', { mode: current }), value: current });
  }

  return options;
}

export function volumeModeValue(form: HarvesterParameters): string {
  return form.hostVolumeMode === undefined ? DRIVER_DEFAULT : form.hostVolumeMode;
}

export function volumeModeFromOption(value: string): string | undefined {
  return value === DRIVER_DEFAULT ? undefined : value;
}

/** The driver-version notice for a custom host class: too old, or unknown (undefined: not checked yet). */
export function versionNotice(customClass: boolean, csiVersion: string | null | undefined): Notice | null {
  if (!customClass || csiVersion === undefined) {
    return null;
  }
  if (csiVersion === null) {
    return {
      color: 'info', key: 'version.unknown', args: { min: MIN_CSI_FOR_HOST_CLASS }
    };
  }
  if (compareVersions(csiVersion, MIN_CSI_FOR_HOST_CLASS) < 0) {
    return {
      color: 'warning', key: 'version.tooOld', args: { version: csiVersion, min: MIN_CSI_FOR_HOST_CLASS }
    };
  }

  return null;
}

/** The RBAC notice for a custom host class, when the driver's account may not be able to read host classes. */
export function rbacNotice(customClass: boolean, rbac: RbacState | null, account: { name: string; namespace: string | null } | null): Notice | null {
  if (!customClass || !rbac || rbac === 'bound') {
    return null;
  }

  return rbac === 'missing' ? {
    color: 'warning', key: 'rbac.missing', args: { name: account?.name, namespace: account?.namespace }
  } : { color: 'info', key: 'rbac.unknown' };
}

/** What the form knows: the parameters, the host's classes and, once checked, the driver version and RBAC. */
export interface FormState {
  form: HarvesterParameters;
  host: HostClasses | null;
  csiVersion: string | null | undefined;
  account: { name: string; namespace: string | null } | null;
  rbac: RbacState | null;
  validation: { errors: Issue[]; warnings: Issue[] };
  /** 'view' for a class only shown, or a form the user's role may not save: then nothing tells them to type. */
  fieldMode: 'edit' | 'create' | 'view';
}

export function issueText(issue: Issue, text: Translate): string {
  return text(`harvesterStorage.validation.${ issue.key }`, issue.args);
}

/** Whether the driver version and RBAC are worth asking for: only for a custom host class or volume mode. */
export function needsChecks(form: HarvesterParameters): boolean {
  return !!form.hostStorageClass || form.hostVolumeMode !== undefined;
}

/** Everything the view renders. */
export function presentation(s: FormState, text: Translate) {
  const classes = s.host?.classes || null;
  const custom = !!s.form.hostStorageClass;

  return {
    readable:   !s.host || !!s.host.classes,
    unreadable: [
      text(`harvesterStorage.hostStorageClass.unreadable.${ s.host?.failure || 'error' }`, { detail: s.host?.detail || '' }),
      ...(s.fieldMode === 'view' ? [] : [text('harvesterStorage.hostStorageClass.typeHint')]),
    ].join(' '),
    selected: selectedClassValue(s.form),
    classes:  classOptions(classes, s.form.hostStorageClass, text),
    errors:   s.validation.errors.map((i) => issueText(i, text)),
    warnings: s.validation.warnings.map((i) => issueText(i, text)),
    modes:    volumeModeOptions(s.form, text),
    mode:     volumeModeValue(s.form),
    version:  versionNotice(custom, s.csiVersion),
    rbac:     rbacNotice(custom, s.rbac, s.account),
    rwx:      rwxNotice(classes, s.form, s.csiVersion, text),
  };
}
