import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the chart is made from: the extension's pkg/<name>/package.json, icon and README. */
export interface PackageInfo {
  name: string;
  version: string;
  description?: string;
  /** `rancher.annotations` of package.json: the compatibility the code declares (Rancher, extensions API, ...). */
  annotations: Record<string, string>;
  /** `rancher.noAuth` of package.json: serve the extension's files without a Rancher session. */
  noAuth: boolean;
  /** Contents of icon.svg, when the package has one. */
  iconSvg?: string;
  /** Contents of README.md, when the package has one. */
  readme?: string;
}

/** Annotations the extension must declare in package.json "rancher.annotations": Rancher filters and labels on them. */
export const REQUIRED_ANNOTATIONS = [
  'catalog.cattle.io/display-name',
  'catalog.cattle.io/rancher-version',
  'catalog.cattle.io/ui-extensions-version',
];

const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
// Semantic version 2.0.0, as helm requires for a chart version.
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export function isSemver(version: string): boolean {
  return SEMVER.test(version);
}

/** Checks a parsed package.json and returns what the chart needs from it (pure). */
export function packageInfoFrom(pkg: any, extras: { iconSvg?: string; readme?: string } = {}): PackageInfo {
  const name = pkg?.name;
  const version = pkg?.version;

  if (typeof name !== 'string' || !NAME.test(name) || name.length > 53) {
    throw new Error(`package.json "name" must be a lower-case chart name (a-z, 0-9, -), got ${ JSON.stringify(name) }`);
  }
  if (typeof version !== 'string' || !isSemver(version)) {
    throw new Error(`package.json "version" must be a semantic version (x.y.z), got ${ JSON.stringify(version) }`);
  }

  const raw = pkg.rancher?.annotations || {};
  const annotations: Record<string, string> = {};

  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') {
      throw new Error(`package.json rancher.annotations["${ key }"] must be a string`);
    }
    annotations[key] = value;
  }
  const missing = REQUIRED_ANNOTATIONS.filter((key) => !annotations[key]);

  if (missing.length) {
    throw new Error(`package.json rancher.annotations is missing ${ missing.join(', ') }`);
  }

  return {
    name,
    version,
    description: typeof pkg.description === 'string' && pkg.description ? pkg.description : undefined,
    annotations,
    noAuth:      pkg.rancher?.noAuth === true,
    ...extras,
  };
}

/** Reads pkg/<name>/ (package.json, icon.svg, README.md). */
export function readPackageInfo(pkgDir: string): PackageInfo {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const optional = (file: string) => (existsSync(path.join(pkgDir, file)) ? readFileSync(path.join(pkgDir, file), 'utf8') : undefined);

  return packageInfoFrom(pkg, { iconSvg: optional('icon.svg'), readme: optional('README.md') });
}
