/**
 * Pushes a published chart archive to an OCI registry with Helm (`helm push`), for Rancher's OCI ClusterRepos
 * (Rancher 2.9+): `--oci <registry>/<repository>` puts the chart at `<registry>/<repository>/<chart>:<version>`,
 * which a ClusterRepo `oci://<registry>/<repository>` lists (rancher/rancher pkg/catalogv2/oci GenerateIndex: each
 * repository under that path is a chart, its semver tags its versions).
 *
 * Credentials come from OCI_USERNAME / OCI_PASSWORD, given to Helm on stdin in a throwaway Helm home; without them
 * the registry must allow the push anonymously. Before anything is pushed, the tag is looked up: an existing
 * version is refused (tags are what Rancher installs from; overwriting one changes an installed extension under its
 * users) unless `force`, and an unreachable or refusing registry is named as such.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { helm, helmEnv, lastLine, runTool } from '../../lab/chartops/run';

export interface RegistryAccess {
  /** Talk HTTP to a registry without TLS (Rancher's ClusterRepo then needs "Insecure Plain Http"). */
  plainHttp: boolean;
  username?: string;
  password?: string;
}

export interface OciTarget {
  registry: string;
  repository: string;
}

/** Credentials from the environment only: never from flags (process lists) or URLs (logs). */
export function accessFromEnv(plainHttp: boolean, env: NodeJS.ProcessEnv = process.env): RegistryAccess {
  return {
    plainHttp, username: env.OCI_USERNAME || undefined, password: env.OCI_PASSWORD || undefined
  };
}

/** `<registry>/<repository>` (an `oci://` prefix is accepted); refuses credentials written into it. */
export function parseOciTarget(value: string, flag = '--oci'): OciTarget {
  const s = value.replace(/^oci:\/\//, '').replace(/\/+$/, '');

  if (/^[a-z]+:\/\//i.test(s)) {
    throw new Error(`${ flag } takes <registry>/<repository> (or oci://...), not ${ s.split('://')[0] }://`);
  }
  if (s.split('/')[0].includes('@')) {
    throw new Error(`${ flag }: do not put credentials in the registry address; set OCI_USERNAME and OCI_PASSWORD instead`);
  }
  const [registry, ...rest] = s.split('/');

  if (!registry || !/^[a-z0-9.-]+(:\d+)?$/i.test(registry) || rest.some((p) => !/^[a-z0-9]+(?:[._-][a-z0-9]+)*$/.test(p))) {
    throw new Error(`${ flag } ${ JSON.stringify(value) } is not <registry host[:port]>/<repository> (lower-case path)`);
  }

  return { registry, repository: rest.join('/') };
}

export function joinRef(t: OciTarget, name: string, tag: string): string {
  return `${ [t.registry, t.repository, name].filter(Boolean).join('/') }:${ tag }`;
}

/** What catalog-image's exit codes mean, as a sentence naming the registry. */
export function registryError(status: number, ref: string, rawDetail: string): Error {
  const host = ref.split('/')[0];
  const detail = rawDetail || '(looked up before pushing)';

  switch (status) {
  case 4:
    return new Error(`registry ${ host } refused access to ${ ref } (unauthenticated or not allowed): set OCI_USERNAME and OCI_PASSWORD for an account that may push there\n  ${ detail }`);
  case 5:
    return new Error(`cannot reach registry ${ host }: check the address and port, and whether it speaks HTTPS (use --plain-http for a registry without TLS)\n  ${ detail }`);
  case 6:
    return new Error(`${ ref } already exists in the registry; publish a new version (bump pkg/*/package.json), or overwrite the tag with --force\n  ${ detail }`);
  default:
    return new Error(`${ ref }: ${ detail }`);
  }
}

function credentialEnv(access: RegistryAccess): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };

  delete env.OCI_USERNAME;
  delete env.OCI_PASSWORD;
  if (access.username) {
    env.OCI_USERNAME = access.username;
    env.OCI_PASSWORD = access.password || '';
  }

  return env;
}

/** Whether `ref` exists: true/false, or throws the registry's problem (unreachable, refused). */
export function tagExists(ref: string, access: RegistryAccess): boolean {
  const r = runTool('catalog-image', ['head', ...(access.plainHttp ? ['--plain-http'] : []), ref], { env: credentialEnv(access) });

  if (r.status === 0) {
    return true;
  }
  if (r.status === 3) {
    return false;
  }
  throw registryError(r.status, ref, lastLine(r));
}

/** Helm's word for a registry without TLS reached over HTTPS, as the hint the user needs. */
function speaksHttp(r: { stderr: string }, target: OciTarget): Error | undefined {
  return /server gave HTTP response to HTTPS client/.test(r.stderr) ? registryError(5, target.registry, `registry ${ target.registry } speaks HTTP, not HTTPS: add --plain-http`) : undefined;
}

export interface PushedChart {
  ref: string;
  url: string;
  digest: string;
}

/** `helm push` of one archive; returns the pushed reference and its manifest digest. */
export function pushChart(opts: {
  archive: string; name: string; version: string; target: OciTarget; access: RegistryAccess; force?: boolean; log?: (m: string) => void;
}): PushedChart {
  const log = opts.log || (() => undefined);
  const ref = joinRef(opts.target, opts.name, opts.version);

  if (tagExists(ref, opts.access) && !opts.force) {
    throw registryError(6, ref, '');
  }
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'helm-home-'));
  const plain = opts.access.plainHttp ? ['--plain-http'] : [];

  try {
    const env = helmEnv(home);

    if (opts.access.username) {
      const login = helm(['registry', 'login', opts.target.registry, '--username', opts.access.username, '--password-stdin', ...plain], { env, input: opts.access.password || '' });

      if (login.status !== 0) {
        throw speaksHttp(login, opts.target) || registryError(4, ref, lastLine(login));
      }
    }
    const url = `oci://${ [opts.target.registry, opts.target.repository].filter(Boolean).join('/') }`;
    const push = helm(['push', opts.archive, url, ...plain], { env });

    if (push.status !== 0) {
      throw speaksHttp(push, opts.target) || new Error(`helm push ${ path.basename(opts.archive) } ${ url } failed: ${ lastLine(push) }`);
    }
    const digest = `${ push.stdout }\n${ push.stderr }`.match(/Digest:\s*(sha256:[0-9a-f]{64})/)?.[1] || '';

    log(`pushed ${ ref } (${ digest || 'digest not reported' })`);

    return {
      ref, url: `oci://${ ref.replace(/:[^:/]+$/, '') }`, digest
    };
  } finally {
    // The Helm home holds the login: it goes with the run.
    fs.rmSync(home, { recursive: true, force: true });
  }
}
