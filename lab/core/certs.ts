/**
 * The API servers' self-signed certificates (kube-apiserver writes them into --cert-dir on its first start and keeps
 * them after): one made before a cluster advertised another address does not name it, so it is made again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StackCluster } from './config';
import { RUN_DIR } from './paths';

export function certNamesAddress(certFile: string, address: string): boolean {
  try {
    const cert = new crypto.X509Certificate(fs.readFileSync(certFile));

    return (cert.subjectAltName || '').split(',').map((n) => n.trim()).includes(`IP Address:${ address }`);
  } catch (e) {
    return false;
  }
}

/** Removes a certificate that does not name the cluster's advertised address, so the API server makes a new one. */
export function dropStaleCert(c: StackCluster): void {
  const dir = path.join(RUN_DIR, c.name, 'certs');

  if (c.advertiseAddress && fs.existsSync(dir) && !certNamesAddress(path.join(dir, 'apiserver.crt'), c.advertiseAddress)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
