/**
 * Where this repository is served from. The UIPlugin endpoint must be an absolute URL (Rancher's server downloads
 * the extension from it), so each chart version names `<base URL>/extensions/<name>/<version>`.
 */

/** Used when nothing else says where the repository lives (no --base-url, no env, no GitHub origin, no earlier chart). */
export const DEFAULT_BASE_URL = 'https://raw.githubusercontent.com/harvester/harvester-cloud-ui/main';
export const DEFAULT_BRANCH = 'main';
export const BASE_URL_ENV = 'PUBLISH_BASE_URL';

/** The raw-content URL of a GitHub remote (https or ssh form) at a branch; undefined for other hosts. */
export function rawBaseFromRemote(remote: string | undefined, branch: string = DEFAULT_BRANCH): string | undefined {
  const m = remote?.trim().match(/^(?:https?:\/\/(?:[^@/]+@)?github\.com\/|git@github\.com:|ssh:\/\/git@github\.com\/)([^/]+)\/([^/]+?)(?:\.git)?\/?$/);

  return m ? `https://raw.githubusercontent.com/${ m[1] }/${ m[2] }/${ branch }` : undefined;
}

/** The base URL an earlier chart's endpoint was built from (`<base>/extensions/<name>/<version>`). */
export function baseFromEndpoint(endpoint: unknown, name: string): string | undefined {
  if (typeof endpoint !== 'string') {
    return undefined;
  }
  const marker = `/extensions/${ name }/`;
  const at = endpoint.lastIndexOf(marker);

  return at > 0 ? endpoint.slice(0, at) : undefined;
}

export interface BaseUrlSources {
  flag?: string;
  env?: string;
  gitRemote?: string;
  branch?: string;
  previousEndpoint?: string;
  name: string;
}

/** Picks the base URL: --base-url, then $PUBLISH_BASE_URL, then the GitHub origin, then the last chart's, then the default. */
export function resolveBaseUrl(s: BaseUrlSources): { url: string; source: string } {
  const candidates: [string | undefined, string][] = [
    [s.flag, '--base-url'],
    [s.env, `$${ BASE_URL_ENV }`],
    [rawBaseFromRemote(s.gitRemote, s.branch), 'git remote origin'],
    [baseFromEndpoint(s.previousEndpoint, s.name), 'the latest published chart'],
    [DEFAULT_BASE_URL, 'default'],
  ];
  const [url, source] = candidates.find(([value]) => !!value) as [string, string];

  if (!/^https?:\/\/[^/]+/.test(url)) {
    throw new Error(`base URL from ${ source } must be an absolute http(s) URL, got ${ JSON.stringify(url) }`);
  }

  return { url: url.replace(/\/+$/, ''), source };
}
