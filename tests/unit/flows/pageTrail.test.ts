/**
 * tests/flows/lib/pageTrail.ts: a failed flow's summary names each request by method and path, its query cut short,
 * so a long list request stays readable in the one line CI keeps.
 */
import { shortUrl } from '../../flows/lib/pageTrail';

describe('a request in a failed flow\'s trail', () => {
  it('is its method, path and short query', () => {
    expect(shortUrl('GET', 'https://127.0.0.1:28603/v1/management.cattle.io.settings?exclude=metadata.managedFields'))
      .toBe('GET /v1/management.cattle.io.settings?exclude=metadata.managedFields');
  });

  it('cuts a long query at 60 characters', () => {
    const line = shortUrl('GET', `https://h/k8s/clusters/c-1/v1/services?filter=${ 'x'.repeat(200) }#frag`);

    expect(line).toBe(`GET /k8s/clusters/c-1/v1/services?filter=${ 'x'.repeat(53) }…`);
  });
});
