import { isDns1123Subdomain } from '@pkg/shared/dns1123';

// The name check every form runs before sending (Kubernetes' IsDNS1123Subdomain).
describe('isDns1123Subdomain', () => {
  it.each(['replica-2', 'a', 'a.b-c', '0x'])('%s is a valid name', (n) => {
    expect(isDns1123Subdomain(n)).toBe(true);
  });
  it.each(['Replica', 'a_b', '-a', 'a-', 'a..b', 'a b', '', 'x:y'])('%j is not a valid name', (n) => {
    expect(isDns1123Subdomain(n)).toBe(false);
  });
  it('allows at most 253 characters', () => {
    expect(isDns1123Subdomain('a'.repeat(253))).toBe(true);
    expect(isDns1123Subdomain('a'.repeat(254))).toBe(false);
  });
});
