/**
 * The registry half of `npm run publish-pkgs`: after the version is in this repository, push its chart to an OCI
 * registry (`--oci`) and/or the extension catalog image (`--catalog-image`), for Rancher installations that reach
 * no public repository. `--rancher-version` names the Rancher it is meant for: a chart that Rancher would not list
 * is refused before anything is built or pushed.
 */
import path from 'node:path';
import { pushCatalogImage } from './catalogImage';
import { accessFromEnv, OciTarget, parseOciTarget, pushChart } from './oci';
import { PackageInfo } from './pkgInfo';
import { checkRancherVersion } from './rancherVersion';

export interface DistributeArgs {
  oci?: string;
  catalogImage?: string;
  plainHttp: boolean;
  rancherVersion?: string;
  force: boolean;
}

export interface DistributePlan {
  oci?: OciTarget;
  catalogImage?: OciTarget;
}

/** Checks the flags and the target Rancher before any build: bad input fails in seconds, not after a build. */
export function planDistribution(args: DistributeArgs, pkg: PackageInfo): DistributePlan {
  if (args.plainHttp && !args.oci && !args.catalogImage) {
    throw new Error('--plain-http applies to --oci or --catalog-image; neither was given');
  }
  if (args.rancherVersion) {
    checkRancherVersion({
      name: pkg.name, version: pkg.version, annotations: pkg.annotations
    }, args.rancherVersion);
  }

  return {
    oci:          args.oci ? parseOciTarget(args.oci, '--oci') : undefined,
    catalogImage: args.catalogImage ? parseOciTarget(args.catalogImage, '--catalog-image') : undefined,
  };
}

export async function distribute(opts: {
  root: string; pkg: PackageInfo; archive: string; plan: DistributePlan; args: DistributeArgs; log: (m: string) => void;
}): Promise<void> {
  const access = accessFromEnv(opts.args.plainHttp);
  const { pkg, plan } = opts;

  if (plan.oci) {
    const pushed = pushChart({
      archive: path.join(opts.root, opts.archive), name: pkg.name, version: pkg.version, target: plan.oci, access, force: opts.args.force, log: opts.log,
    });

    opts.log(`OCI chart: add a ClusterRepo with Target "OCI Repository" and URL ${ pushed.url }${ access.plainHttp ? ' (tick Insecure Plain Http)' : '' }`);
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
