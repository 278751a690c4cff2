/** A Helm repository's index: read from the checkout, filtered by Rancher's version rules, its URLs made the repo's links. */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { parse } from 'yaml';
import { RANCHER_VERSION } from '../core/versions';
import { THIS_REPOSITORY } from './thisRepository';

/** A chart version in a Helm repository index (Chart.yaml fields plus urls, created, digest). */
export interface HelmChartVersion {
  name: string;
  version: string;
  urls?: string[];
  icon?: string;
  annotations?: Record<string, string>;
  kubeVersion?: string;
  [key: string]: unknown;
}

export interface HelmIndex {
  apiVersion: string;
  generated?: string;
  entries: Record<string, HelmChartVersion[]>;
}

/** The Helm index of a checkout, parsed from its YAML; throws when it is missing or not an index. */
export function readIndex(dir: string): HelmIndex {
  const index = parse(fs.readFileSync(path.join(dir, THIS_REPOSITORY.index), 'utf8'));

  if (!index?.apiVersion || typeof index.entries !== 'object') {
    throw new Error(`${ THIS_REPOSITORY.index } is not a Helm repository index (no apiVersion)`);
  }

  return index as HelmIndex;
}

function satisfies(version: string, constraint: string): boolean {
  // Masterminds constraints (what Rancher uses) separate ANDed ranges with commas; node-semver with spaces.
  const range = semver.validRange(constraint.replace(/,/g, ' '));

  // Rancher keeps versions whose constraint it cannot parse.
  return !range || semver.satisfies(version, range, { includePrerelease: true });
}

/**
 * Rancher's filter of `?link=index` (content.Manager.filterReleases): versions whose
 * `catalog.cattle.io/rancher-version`, `catalog.cattle.io/kube-version` or `kubeVersion` exclude this Rancher or
 * the target Kubernetes version (`?k8sVersion=`, else the local cluster's) are left out, unless `?skipFilter=true`.
 */
export function filterReleases(index: HelmIndex, k8sVersion: string): HelmIndex {
  const rancher = semver.coerce(RANCHER_VERSION)?.version || '';
  const kube = semver.coerce(k8sVersion)?.version || '';
  const entries: Record<string, HelmChartVersion[]> = {};

  for (const [name, versions] of Object.entries(index.entries)) {
    entries[name] = versions.filter((v) => {
      const a = v.annotations || {};

      return (!a['catalog.cattle.io/rancher-version'] || satisfies(rancher, a['catalog.cattle.io/rancher-version'])) &&
        (!a['catalog.cattle.io/kube-version'] || satisfies(kube, a['catalog.cattle.io/kube-version'])) &&
        (!v.kubeVersion || satisfies(kube, v.kubeVersion));
    });
  }

  return { ...index, entries };
}

/**
 * Rancher's `content.TranslateURLs`: every version's archive URL, and its icon when it has one, become links of
 * the repository itself (`<current URL>?chartName=…&link=chart&version=…`), so browsers fetch them through Rancher.
 */
export function translateUrls(index: HelmIndex, currentUrl: string): HelmIndex {
  const linkOf = (chartName: string, version: string, link: string) => {
    // Go's url.Values.Encode sorts the keys.
    const q = new URLSearchParams([['chartName', chartName], ['link', link], ['version', version]]);

    return `${ currentUrl }?${ q.toString() }`;
  };
  const entries: Record<string, HelmChartVersion[]> = {};

  for (const [name, versions] of Object.entries(index.entries)) {
    entries[name] = versions.map((v) => ({
      ...v,
      urls: [linkOf(name, v.version, 'chart')],
      ...(v.icon ? { icon: linkOf(name, v.version, 'icon') } : {}),
    }));
  }

  return { ...index, entries };
}

/** Helm's `IndexFile.Get`: the named version, or the first (latest) one when no version is asked for. */
export function chartVersion(index: HelmIndex, chartName: string, version: string): HelmChartVersion | undefined {
  const versions = index.entries[chartName] || [];

  return version ? versions.find((v) => v.version === version || v.version === version.replace(/^v/, '')) : versions[0];
}
