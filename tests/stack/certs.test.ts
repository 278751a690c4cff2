/** The host's certificate must name Harvester's VIP (lab/core/certs.ts), or it is made again. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { certNamesAddress } from '../../lab/core/certs';

describe('certNamesAddress', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certs-'));
  const make = (name: string, san: string) => {
    const file = path.join(dir, `${ name }.crt`);

    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, `${ name }.key`), '-out', file, '-days', '1', '-subj', '/CN=test', '-addext', `subjectAltName=${ san }`], { stdio: 'ignore' });

    return file;
  };

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the VIP among the IP names, and only there', () => {
    expect(certNamesAddress(make('vip', 'DNS:kubernetes,IP:10.10.0.10,IP:127.0.0.1'), '10.10.0.10')).toBe(true);
    expect(certNamesAddress(make('old', 'DNS:kubernetes,IP:127.0.0.1,DNS:10.10.0.10'), '10.10.0.10')).toBe(false);
    expect(certNamesAddress(path.join(dir, 'missing.crt'), '10.10.0.10')).toBe(false);
  });
});
