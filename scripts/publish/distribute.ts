/**
 * The registry half of `npm run publish-pkgs`: after the version is in this repository, push its chart to an OCI
 * registry (`--oci`) and/or the extension catalog image (`--catalog-image`), for Rancher installations that reach
 * no public repository. `--rancher-version` names the Rancher it is meant for: a chart that Rancher would not list
 * is refused before anything is built or pushed. `--mirror` points the pushed chart's files at a copy of this
 * repository inside an air gap (repack.ts); the committed chart is left as it is.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { archiveFileName } from './archive';
import { pushCatalogImage } from './catalogImage';
import { accessFromEnv, OciTarget, parseOciTarget, pushChart } from './oci';
import { PackageInfo } from './pkgInfo';
import { checkRancherVersion } from './rancherVersion';
import { checkMirror, mirrorUrls, repackChart } from './repack';
import { findEntry } from './repoIndex';

export interface DistributeArgs {
  oci?: string;
  catalogImage?: string;
  /** Base URL of a copy of this repository that Rancher's server can reach (air gap): the OCI chart points there. */
  mirror?: string;
  plainHttp: boolean;
  rancherVersion?: string;
  force: boolean;
}

export interface DistributePlan {
  oci?: OciTarget;
  catalogImage?: OciTarget;
  mirror?: string;
}

/** Checks the flags and the target Rancher before any build: bad input fails in seconds, not after a build. */
export function planDistribution(args: DistributeArgs, pkg: PackageInfo): DistributePlan {
  if (args.plainHttp && !args.oci && !args.catalogImage) {
    throw new Error('--plain-http applies to --oci or --catalog-image; neither was given');
  }
  if (args.mirror !== undefined && !args.oci) {
    throw new Error('--mirror applies to --oci (the catalog image serves the files itself); --oci was not given');
  }
  if (args.rancherVersion) {
    checkRancherVersion({
      name: pkg.name, version: pkg.version, annotations: pkg.annotations
    }, args.rancherVersion);
  }

  return {
    oci:          args.oci ? parseOciTarget(args.oci, '--oci') : undefined,
    catalogImage: args.catalogImage ? parseOciTarget(args.catalogImage, '--catalog-image') : undefined,
    mirror:       args.mirror !== undefined ? checkMirror(args.mirror) : undefined,
  };
}

export async function distribute(opts: {
  root: string; pkg: PackageInfo; archive: string; plan: DistributePlan; args: DistributeArgs; log: (m: string) => void;
}): Promise<void> {
  const access = accessFromEnv(opts.args.plainHttp);
  const { pkg, plan } = opts;

  if (plan.oci) {
    const tmp = plan.mirror ? await mkdtemp(path.join(os.tmpdir(), 'mirror-chart-')) : '';

    try {
      const archive = plan.mirror ? await mirroredArchive(opts.root, pkg, plan.mirror, tmp) : path.join(opts.root, opts.archive);
      const pushed = pushChart({
        archive, name: pkg.name, version: pkg.version, target: plan.oci, access, force: opts.args.force, log: opts.log,
      });

      opts.log(`OCI chart: add a ClusterRepo with Target "OCI Repository" and URL ${ pushed.url }${ access.plainHttp ? ' (tick Insecure Plain Http)' : '' }`);
      if (plan.mirror) {
        opts.log(`OCI chart: Rancher downloads the extension from ${ mirrorUrls(plan.mirror, pkg.name, pkg.version).endpoint }: serve this repository's extensions/ and assets/ there`);
      }
    } finally {
      if (tmp) {
        await rm(tmp, { recursive: true, force: true });
      }
    }
  }
  if (plan.catalogImage) {
    const image = await pushCatalogImage({
      root:        opts.root,
      name:        pkg.name,
      displayName: pkg.annotations['catalog.cattle.io/display-name'] || pkg.name,
      version:     pkg.version,
      target:      plan.catalogImage,
      access,
      force:       opts.args.force,
      log:         opts.log,
    });

    opts.log(`catalog image: in Rancher, Extensions > ⋮ > Manage Extension Catalogs > Import Extension Catalog, Catalog Image Reference ${ image.ref }`);
  }
}

/** The committed chart of this version, its endpoint and icon at the mirror, packed with its first publish time. */
export async function mirroredArchive(root: string, pkg: PackageInfo, mirror: string, dir: string): Promise<string> {
  const entry = findEntry(await readFile(path.join(root, 'index.yaml'), 'utf8'), pkg.name, pkg.version) as { created?: string } | undefined;
  const out = path.join(dir, archiveFileName(pkg.name, pkg.version));

  await repackChart(path.join(root, 'charts', pkg.name, pkg.version), pkg.name, mirrorUrls(mirror, pkg.name, pkg.version), out, new Date(entry?.created || 0));

  return out;
}
