/**
 * A self-signed certificate for 127.0.0.1 and localhost, made at start-up (nothing downloaded, nothing stored):
 * kubectl sends a bearer token only over TLS, and trusts this certificate through the kubeconfig's
 * `certificate-authority-data`. The key comes from node's crypto (fast, native); the `selfsigned` package (the
 * one webpack-dev-server uses) signs the X.509 certificate, which node's crypto cannot do.
 */
import { generateKeyPairSync } from 'node:crypto';
import selfsigned from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
}

export function selfSignedCert(hosts: { ips: string[]; names: string[] } = { ips: ['127.0.0.1'], names: ['localhost'] }): TlsMaterial {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }
  });
  const pems = selfsigned.generate([{ name: 'commonName', value: 'harvester-cloud-ui simulator' }], {
    days:       30,
    algorithm:  'sha256',
    keyPair:    { publicKey, privateKey },
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true
      },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [...hosts.ips.map((ip) => ({ type: 7, ip })), ...hosts.names.map((value) => ({ type: 2, value }))] },
    ],
  } as any);

  return { key: privateKey, cert: pems.cert };
}
