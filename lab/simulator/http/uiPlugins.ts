import { readFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import path from 'node:path';
import { listObjects, SimState } from '../core/state';
import { KubeObject } from '../core/types';
import { resolveInside, sendFile, sendStatus } from './sendFile';

export const UIPLUGIN_TYPE = 'catalog.cattle.io.uiplugin';

/** `name/version` -> a build-pkg output folder (`dist-pkg/<name>-<version>`) to serve instead of `extensions/`. */
export type ExtensionBuilds = Record<string, string>;

/** Reads a build-pkg output folder's package.json: which extension and version it is. */
export function extensionBuild(dir: string): ExtensionBuilds {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

  return { [`${ pkg.name }/${ pkg.version }`]: path.resolve(dir) };
}

interface PluginSpec {
  name: string;
  version: string;
  endpoint: string;
  noCache?: boolean;
  noAuth?: boolean;
  metadata?: Record<string, string>;
}

function specOf(obj: KubeObject): PluginSpec | null {
  const p = obj.spec?.plugin;

  return p?.name && p?.version ? p as PluginSpec : null;
}

/** An index entry as Rancher encodes it: the UIPlugin's spec.plugin (omitempty fields) and the cache's two fields. */
export type PluginEntry = Partial<PluginSpec> & { CacheState: string; Ready: boolean };

/**
 * `GET /v1/uiplugins`: the extensions Rancher's UI-plugin controller has cached, one entry per UIPlugin
 * resource (rancher/rancher pkg/controllers/dashboard/plugin index.go `SafeIndex.Generate`: the spec's
 * `UIPluginEntry`, whose false flags and empty metadata are left out (`omitempty`), beside the untagged `CacheState`
 * and `Ready` of the plugin's status). Public, as in Rancher: the login page loads extensions before anyone logs in.
 */
export function uiPluginIndex(state: SimState): { entries: Record<string, PluginEntry> } {
  const entries: Record<string, PluginEntry> = {};

  for (const obj of listObjects(state, 'local', UIPLUGIN_TYPE)) {
    const spec = specOf(obj);

    if (spec) {
      entries[spec.name] = {
        name:       spec.name,
        version:    spec.version,
        endpoint:   spec.endpoint,
        ...(spec.noCache ? { noCache: true } : {}),
        ...(spec.noAuth ? { noAuth: true } : {}),
        ...(spec.metadata && Object.keys(spec.metadata).length ? { metadata: spec.metadata } : {}),
        CacheState: obj.status?.cacheState || '',
        Ready:      !!obj.status?.ready,
      };
    }
  }

  return { entries };
}

/**
 * `GET /v1/uiplugins/<name>/<version>/<file>`: the files of an installed extension, as Rancher's cache serves
 * them after downloading them from the chart's endpoint. The endpoint is this repository's published
 * `extensions/<name>/<version>/`, so the cache is that folder. Returns false for other URLs.
 */
export async function serveUiPluginFile(state: SimState, repoRoot: string, urlPath: string, res: ServerResponse, builds: ExtensionBuilds = {}): Promise<boolean> {
  const m = /^\/v1\/uiplugins\/([^/]+)\/([^/]+)\/(.+)$/.exec(urlPath);

  if (!m) {
    return false;
  }
  const [name, version] = [m[1], m[2]].map((x) => decodeURIComponent(x));
  const rest = m[3];
  const installed = listObjects(state, 'local', UIPLUGIN_TYPE).map(specOf).some((s) => s?.name === name && s?.version === version);
  // A local build (`--extension-build dist-pkg/<name>-<version>`) stands in for the published files of the same
  // name and version: tests run the code being tested through the real install path.
  const build = builds[`${ name }/${ version }`];
  const fromBuild = !!build && rest.startsWith('plugin/');
  const base = fromBuild ? path.resolve(build) : path.resolve(repoRoot, 'extensions', name, version);
  const file = resolveInside(base, fromBuild ? rest.slice('plugin/'.length) : rest);

  return (installed && file && file !== base && await sendFile(file, res)) || sendStatus(res, 404, urlPath);
}
