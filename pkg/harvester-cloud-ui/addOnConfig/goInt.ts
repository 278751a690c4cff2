/**
 * How the cloud provider reads a number from an annotation: Go's `strconv.Atoi` (cloud-provider-harvester v0.1.5
 * `getNodePort`, `getAnnotationValue`). It takes an optional sign and decimal digits only (no blanks, no
 * decimals, no exponent) and fails with "value out of range" outside Go's 64-bit `int`.
 */
export type GoIntProblem = 'empty' | 'blanks' | 'notWhole' | 'outOfRange';

const MAX_INT = BigInt('9223372036854775807');
const MIN_INT = BigInt('-9223372036854775808');

export function goIntProblem(value: string): GoIntProblem | null {
  if (value === '') {
    return 'empty';
  }
  if (/\s/.test(value)) {
    return 'blanks';
  }
  if (!/^[+-]?\d+$/.test(value)) {
    return 'notWhole';
  }
  const n = BigInt(value);

  return n > MAX_INT || n < MIN_INT ? 'outOfRange' : null;
}

/** The value Atoi gives, as a number; call only when goIntProblem returned null. */
export function goIntValue(value: string): number {
  return Number(BigInt(value));
}
