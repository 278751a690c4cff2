/** @jest-environment node */
import path from 'node:path';
import { resolveInside } from '../../lab/simulator/http/sendFile';

describe('resolveInside (every file the simulator serves goes through it)', () => {
  const base = path.resolve('/srv/repo/assets');

  it('resolves a path inside the folder, percent-decoded', () => {
    expect(resolveInside(base, 'harvester-cloud-ui/icon.svg')).toBe(path.join(base, 'harvester-cloud-ui', 'icon.svg'));
    expect(resolveInside(base, 'a%20b.tgz')).toBe(path.join(base, 'a b.tgz'));
  });

  it('refuses to leave the folder, however the way out is spelled', () => {
    ['../secret', '..%2Fsecret', '%2e%2e/secret', '/etc/passwd', '%2Fetc%2Fpasswd', 'a/../../b'].forEach((rel) => expect(resolveInside(base, rel)).toBeNull());
    expect(resolveInside(base, '%E0%A4%A')).toBeNull();
  });
});
