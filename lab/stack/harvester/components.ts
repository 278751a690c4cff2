/**
 * Harvester's own components, built from their upstream trees: the module proxy refuses `github.com/harvester/*`,
 * so `../shared/harvester/` holds each repository at its release tag as a `git archive` tarball with its own
 * `vendor/` (its README: commits, checksums). Each is unpacked under `.tools/harvester/src/` (never committed here)
 * and built with its own `main` package, `-mod=vendor`, the way its `scripts/build` does.
 */
import path from 'node:path';
import { REPO_ROOT } from '../../core/paths';

export interface HarvesterComponent {
  /** The binary's name (as upstream's scripts/build names it, without the arch suffix). */
  name: string;
  module: string;
  version: string;
  /** `git archive` tarball in ../shared/harvester, unpacking to a folder of the same name. */
  archive: string;
  pkg: string;
  /** Where upstream's build stamps its version (scripts/build `-X …`). */
  versionVar: string;
}

const LB = {
  module: 'github.com/harvester/harvester-load-balancer', version: 'v1.8.2', archive: 'load-balancer-harvester-v1.8.2', versionVar: 'main.VERSION'
};

export const HARVESTER_COMPONENTS: HarvesterComponent[] = [
  {
    ...LB, name: 'harvester-load-balancer', pkg: '.'
  },
  {
    ...LB, name: 'harvester-load-balancer-webhook', pkg: './cmd/webhook'
  },
  {
    name: 'harvester-cloud-provider', module: 'github.com/harvester/harvester-cloud-provider', version: 'v0.2.7', archive: 'cloud-provider-harvester-v0.2.7', pkg: '.', versionVar: 'main.VERSION'
  },
  {
    name: 'harvester-csi-driver', module: 'github.com/harvester/harvester-csi-driver', version: 'v0.2.9', archive: 'harvester-csi-driver-v0.2.9', pkg: '.', versionVar: 'github.com/harvester/harvester-csi-driver/pkg/version.Version'
  },
];

/** `../shared/harvester` beside the checkout (HARVESTER_SOURCES moves it). */
export const SHARED_HARVESTER = process.env.HARVESTER_SOURCES ? path.resolve(process.env.HARVESTER_SOURCES) : path.resolve(REPO_ROOT, '..', 'shared', 'harvester');
export const HARVESTER_TOOLS = path.join(REPO_ROOT, '.tools', 'harvester');
export const HARVESTER_SRC = path.join(HARVESTER_TOOLS, 'src');
export const HARVESTER_BIN = path.join(HARVESTER_TOOLS, 'bin');

export function treeOf(c: HarvesterComponent): string {
  return path.join(HARVESTER_SRC, c.archive);
}

export function harvesterBin(name: string): string {
  return path.join(HARVESTER_BIN, name);
}

export function component(name: string): HarvesterComponent {
  const c = HARVESTER_COMPONENTS.find((x) => x.name === name);

  if (!c) {
    throw new Error(`no Harvester component ${ name }`);
  }

  return c;
}

/** Module and version of each, as docs/demo-mode.md lists them. */
export function harvesterVersions(): Record<string, string> {
  return Object.fromEntries(HARVESTER_COMPONENTS.map((c) => [c.name, `${ c.module } ${ c.version } (../shared/harvester)`]));
}
