/**
 * The set-up form's checks, each a message key beside its field (R-SET-1): the service account name and the VMs'
 * namespace are Kubernetes names (RFC 1123 labels, k8s.io/apimachinery IsDNS1123Label, as ServiceAccount and
 * Namespace names are validated), the Harvester cluster must be picked. Nothing is sent while one fails.
 */
import { isDns1123Label } from '../shared/dns1123';

export interface SetupForm {
  hostClusterId: string;
  namespace: string;
  serviceAccount: string;
}

export type SetupErrors = Partial<Record<keyof SetupForm, string>>;

export { isDns1123Label };

/** l10n keys under `harvesterSetup.errors.`; empty when the form may be sent. */
export function validateSetup(form: SetupForm): SetupErrors {
  const errors: SetupErrors = {};

  if (!form.hostClusterId) {
    errors.hostClusterId = 'hostRequired';
  }
  for (const field of ['namespace', 'serviceAccount'] as const) {
    const v = form[field];

    if (!v) {
      errors[field] = 'required';
    } else if (v.length > 63) {
      errors[field] = 'tooLong';
    } else if (!isDns1123Label(v)) {
      errors[field] = 'dns1123';
    }
  }

  return errors;
}
