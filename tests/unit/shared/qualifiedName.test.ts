import { isQualifiedName, isValidAnnotationKey, isValidLabelValue } from '@pkg/shared/qualifiedName';

// Label/annotation keys and label values as the API server checks them (apimachinery IsQualifiedName,
// IsValidLabelValue; annotation keys lower-cased first). Rule R-VSN-11.
describe('isQualifiedName', () => {
  it.each(['app', 'App_1', 'a.b-c', 'example.com/Name', 'k8s.io/x', 'a'.repeat(63), `${ 'a'.repeat(253) }/x`])('%s is a valid key', (k) => {
    expect(isQualifiedName(k)).toBe(true);
  });
  it.each(['', '/x', 'x/', 'a/b/c', '-a', 'a-', 'a b', 'Example.com/x', 'a'.repeat(64), 'ex_ample.com/x', 'é'])('%j is not a valid key', (k) => {
    expect(isQualifiedName(k)).toBe(false);
  });
});

describe('isValidLabelValue', () => {
  it.each(['', 'gold', 'Gold_1.2-x', 'a'.repeat(63)])('%j is a valid label value', (v) => {
    expect(isValidLabelValue(v)).toBe(true);
  });
  it.each(['gold plated', ' gold', 'a/b', '-a', 'a'.repeat(64)])('%j is not a valid label value', (v) => {
    expect(isValidLabelValue(v)).toBe(false);
  });
});

describe('isValidAnnotationKey', () => {
  it('accepts an upper-case prefix (checked lower-cased) but not a bad name', () => {
    expect(isValidAnnotationKey('Example.COM/Note')).toBe(true);
    expect(isValidAnnotationKey('example.com/no te')).toBe(false);
  });
});
