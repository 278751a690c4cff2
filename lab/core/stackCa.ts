/**
 * Certificate authorities of a run, made once with openssl under `secrets/<name>/` (keys 0600): one per trust domain,
 * as kubeadm keeps etcd's CA apart from the cluster's, so a certificate one listener takes is no key to another.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });

function newKey(file: string): void {
  openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file]);
  fs.chmodSync(file, 0o600);
}

const SERVER = ['subjectAltName=IP:127.0.0.1,DNS:localhost', 'keyUsage=critical,digitalSignature,keyEncipherment'];
const CLIENT = ['extendedKeyUsage=clientAuth', 'keyUsage=critical,digitalSignature,keyEncipherment'];

export interface Issued { cert: string; key: string }

/**
 * The CA in `dir` (made with its certificates when any file is missing) and a certificate for each of `certs`
 * (file stem → common name and extensions).
 */
export function ensureCa(dir: string, caName: string, certs: Record<string, { cn: string; extensions: string[] }>): { ca: string; issued: Record<string, Issued> } {
  const ca = path.join(dir, 'ca.crt');
  const issued = Object.fromEntries(Object.keys(certs).map((stem) => [stem, { cert: path.join(dir, `${ stem }.crt`), key: path.join(dir, `${ stem }.key`) }]));

  if ([ca, ...Object.values(issued).flatMap((i) => [i.cert, i.key])].every((f) => fs.existsSync(f))) {
    return { ca, issued };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caKey = path.join(dir, 'ca.key');

  newKey(caKey);
  openssl(['req', '-x509', '-new', '-key', caKey, '-subj', `/CN=${ caName }`, '-days', '3650', '-sha256', '-out', ca]);
  for (const [stem, { cn, extensions }] of Object.entries(certs)) {
    const csr = path.join(dir, `${ stem }.csr`);
    const ext = path.join(dir, `${ stem }.ext`);

    newKey(issued[stem].key);
    openssl(['req', '-new', '-key', issued[stem].key, '-subj', `/CN=${ cn }`, '-out', csr]);
    fs.writeFileSync(ext, `${ extensions.join('\n') }\n`);
    openssl(['x509', '-req', '-in', csr, '-CA', ca, '-CAkey', caKey, '-CAcreateserial', '-days', '3650', '-sha256', '-extfile', ext, '-out', issued[stem].cert]);
    fs.rmSync(csr);
    fs.rmSync(ext);
  }

  return { ca, issued };
}

/** A trust domain of one server and one client: the server's certificate and the client's, both from the CA. */
export interface ServerClientTls { ca: string; serverCert: string; serverKey: string; clientCert: string; clientKey: string }

/**
 * The CA in `dir` with a serving certificate (`server.*`, for 127.0.0.1, with `serverUsage`) and one client
 * certificate (`client.*`).
 */
export function ensureServerClient(dir: string, caName: string, server: { cn: string; serverUsage: string }, clientCn: string): ServerClientTls {
  const { ca, issued } = ensureCa(dir, caName, {
    server: { cn: server.cn, extensions: [...SERVER, `extendedKeyUsage=${ server.serverUsage }`] },
    client: { cn: clientCn, extensions: CLIENT },
  });

  return {
    ca, serverCert: issued.server.cert, serverKey: issued.server.key, clientCert: issued.client.cert, clientKey: issued.client.key
  };
}
