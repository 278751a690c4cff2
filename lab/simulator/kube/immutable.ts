/**
 * Fields the API server refuses to change on update, with Kubernetes' own messages. Each rule cites the
 * validation function it follows; the messages are Kubernetes' `field.Forbidden` / `ValidateImmutableField`
 * texts as `field.ErrorList` prints them (`<path>: Forbidden: <detail>`).
 */
import { KubeObject } from '../core/types';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The `Invalid value` form of `apivalidation.ValidateImmutableField` for a string field. */
function immutable(path: string, value: unknown): string {
  return `${ path }: Invalid value: ${ JSON.stringify(value ?? '') }: field is immutable`;
}

/**
 * kubernetes pkg/apis/storage/validation/validation.go ValidateStorageClassUpdate: parameters, provisioner and
 * reclaimPolicy are Forbidden; volumeBindingMode is immutable. Runs after defaulting, as in the API server, so an
 * omitted reclaimPolicy (defaulted to Delete) is no change. Parameters compare as maps: {} and absent are equal.
 */
function storageClassErrors(next: KubeObject, old: KubeObject): string[] {
  const errs: string[] = [];
  const params = (o: KubeObject) => (o.parameters && Object.keys(o.parameters).length ? o.parameters : null);

  if (!same(params(next), params(old))) {
    errs.push('parameters: Forbidden: updates to parameters are forbidden.');
  }
  if (next.provisioner !== old.provisioner) {
    errs.push('provisioner: Forbidden: updates to provisioner are forbidden.');
  }
  if (next.reclaimPolicy !== old.reclaimPolicy) {
    errs.push('reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.');
  }
  if (next.volumeBindingMode !== old.volumeBindingMode) {
    errs.push(immutable('volumeBindingMode', next.volumeBindingMode));
  }

  return errs;
}

const RULES: Record<string, (next: KubeObject, old: KubeObject) => string[]> = { 'storage.k8s.io.storageclass': storageClassErrors };

/** The update's errors for a type (empty when allowed). `next` is already defaulted. */
export function immutableFieldErrors(typeId: string, next: KubeObject, old: KubeObject): string[] {
  return RULES[typeId]?.(next, old) || [];
}
