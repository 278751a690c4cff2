import { validateSetup } from '@pkg/setup/validation';

describe('the set-up form', () => {
  // R-SET-1: ServiceAccount and Namespace names are DNS-1123 labels (k8s.io/apimachinery IsDNS1123Label).
  it('R-SET-1: asks for the host and DNS-1123 labels of at most 63 characters', () => {
    expect(validateSetup({
      hostClusterId: 'c-hh001', namespace: 'default', serviceAccount: 'k3s-bare'
    })).toEqual({});
    expect(validateSetup({
      hostClusterId: '', namespace: '', serviceAccount: 'K3s_Bare'
    })).toEqual({
      hostClusterId: 'hostRequired', namespace: 'required', serviceAccount: 'dns1123'
    });
    expect(validateSetup({
      hostClusterId: 'h', namespace: 'a.b', serviceAccount: `a${ 'b'.repeat(63) }`
    })).toEqual({ namespace: 'dns1123', serviceAccount: 'tooLong' });
    expect(validateSetup({
      hostClusterId: 'h', namespace: '-ns', serviceAccount: 'sa-'
    })).toEqual({ namespace: 'dns1123', serviceAccount: 'dns1123' });
  });
});
