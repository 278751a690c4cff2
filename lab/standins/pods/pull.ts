/**
 * Image pulls for the Pod runner, as a kubelet and its runtime do them, for the images of a registry on this machine
 * (`127.0.0.1:<port>/…`, `localhost:<port>/…`; the stack's machines reach no other): the credentials from the Pod's
 * imagePullSecrets (`kubernetes.io/dockerconfigjson` or `dockercfg`, the entry of the image's registry), the image
 * index's entry for this machine's platform laid out in a folder, and the image's config (entrypoint, command,
 * working directory, environment). The pull is the lab's `catalog-image extract` (go-containerregistry, built in
 * lab/chartops), which reads OCI image indexes: an image pushed as a single manifest is refused with the reason.
 * A failed pull is the kubelet's ErrImagePull with the registry's answer: not found, unauthorized, unreachable.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { bin } from '../../chartops/build';

type Obj = Record<string, any>;

export interface ImageConfig {
  entrypoint?: string[];
  cmd?: string[];
  workingDir?: string;
  /** `KEY=value` lines, as the image's config holds them. */
  env?: string[];
}

export interface Credentials { username: string; password: string }

/** The registry host of a reference on this machine, or null (the runner pulls from nowhere else). */
export function localRegistry(image: string): string | null {
  const m = /^((?:127\.0\.0\.1|localhost):\d+)\//.exec(image || '');

  return m ? m[1] : null;
}

/** The first of the Pod's pull Secrets with an entry for `registry` (the kubelet tries them in order). */
export function credentialsFor(registry: string, secrets: (Obj | undefined)[]): Credentials | undefined {
  for (const s of secrets) {
    const raw = s?.data?.['.dockerconfigjson'] || s?.data?.['.dockercfg'];

    if (!raw) {
      continue;
    }
    let parsed: Obj;

    try {
      parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    } catch (e) {
      continue;
    }
    const auths: Obj = parsed.auths || parsed;
    const entry = auths[registry] || auths[`http://${ registry }`] || auths[`https://${ registry }`];

    if (entry?.username) {
      return { username: entry.username, password: entry.password || '' };
    }
    if (entry?.auth) {
      const [username, ...rest] = Buffer.from(entry.auth, 'base64').toString('utf8').split(':');

      return { username, password: rest.join(':') };
    }
  }

  return undefined;
}

/** catalog-image's exit codes (tools/chartops/cmd/catalog-image/main.go) as the registry's answer. */
const ANSWER: Record<number, string> = {
  3: 'not found', 4: 'unauthorized: the registry refused the credentials of the Pod\'s imagePullSecrets (or there are none)', 5: 'the registry cannot be reached',
};

export function platform(): string {
  return `linux/${ process.arch === 'x64' ? 'amd64' : process.arch }`;
}

/** Pulls `image` into `into` (emptied first); resolves with its config, or rejects with the reason a kubelet gives. */
export function pullImage(image: string, into: string, creds?: Credentials): Promise<ImageConfig> {
  fs.rmSync(into, { recursive: true, force: true });
  fs.mkdirSync(into, { recursive: true, mode: 0o755 });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: into };

  if (creds) {
    env.OCI_USERNAME = creds.username;
    env.OCI_PASSWORD = creds.password;
  }

  return new Promise((resolve, reject) => {
    execFile(bin('catalog-image'), ['extract', image, '--platform', platform(), '--into', into, '--plain-http'], { env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        const code = typeof err.code === 'number' ? err.code : 1;
        const detail = String(stderr).trim().split('\n').pop() || err.message;

        reject(new Error(`Failed to pull image "${ image }": ${ ANSWER[code] || detail }${ ANSWER[code] ? ` (${ detail })` : '' }`));

        return;
      }
      const config: Obj = JSON.parse(stdout).config || {};

      resolve({
        entrypoint: config.Entrypoint || undefined, cmd: config.Cmd || undefined, workingDir: config.WorkingDir || undefined, env: config.Env || undefined
      });
    });
  });
}
