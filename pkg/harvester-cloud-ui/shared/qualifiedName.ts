/**
 * Label and annotation keys and label values, as the API server checks them
 * (k8s.io/apimachinery/pkg/util/validation `IsQualifiedName`, `IsValidLabelValue`; annotation keys are checked
 * lower-cased by apimachinery/pkg/api/validation `ValidateAnnotations`). A key is `[prefix/]name`: the prefix a
 * DNS-1123 subdomain, the name 1–63 characters of [A-Za-z0-9-_.] starting and ending with an alphanumeric.
 */
import { isDns1123Subdomain } from './dns1123';

const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const MAX_NAME = 63;

export function isQualifiedName(key: string): boolean {
  const parts = key.split('/');

  if (parts.length > 2) {
    return false;
  }
  const name = parts[parts.length - 1];

  if (parts.length === 2 && !isDns1123Subdomain(parts[0])) {
    return false;
  }

  return name.length <= MAX_NAME && QUALIFIED_NAME.test(name);
}

/** Empty, or a qualified name without prefix (at most 63 characters). */
export function isValidLabelValue(value: string): boolean {
  return value === '' || (value.length <= MAX_NAME && QUALIFIED_NAME.test(value));
}

export function isValidAnnotationKey(key: string): boolean {
  return isQualifiedName(key.toLowerCase());
}
