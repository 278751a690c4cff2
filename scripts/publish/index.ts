/**
 * npm run publish-pkgs [-- --force] [-- --base-url <url>] [-- --branch <branch>] [-- --skip-build]
 *                      [-- --oci <registry>/<repo> [-- --mirror <url>]] [-- --catalog-image <registry>/<org>] [-- --plain-http]
 *                      [-- --rancher-version <version>]
 *
 * Publishes the extension at the version in pkg/harvester-cloud-ui/package.json into this repository, which is
 * a Rancher Extensions Helm repository: builds it (npm run build-pkg), then writes extensions/, charts/, assets/
 * and index.yaml (see publish.ts). Then, if asked, pushes the chart to an OCI registry and the extension catalog
 * image to a registry (distribute.ts; Helm and the image tool are built from tools/chartops on first use).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BASE_URL_ENV, DEFAULT_BRANCH, resolveBaseUrl } from './config';
import { distribute, planDistribution } from './distribute';
import { readPackageInfo } from './pkgInfo';
import type { PackageInfo } from './pkgInfo';
import { latestPublishedEndpoint, publish } from './publish';

const ROOT = path.resolve(__dirname, '..', '..');
const PKG = 'harvester-cloud-ui';

interface Args {
  force: boolean;
  skipBuild: boolean;
  baseUrl?: string;
  branch?: string;
  oci?: string;
  catalogImage?: string;
  mirror?: string;
  plainHttp: boolean;
  rancherVersion?: string;
}

const USAGE = `usage: npm run publish-pkgs [-- options]
  --force, -f        rebuild a version that is already published (rewrites its archive)
  --base-url <url>   public URL of this repository (default: $${ BASE_URL_ENV }, the GitHub origin's raw URL,
                     the latest chart's, or the built-in default)
  --branch <name>    branch of the GitHub origin the repository is served from (default: ${ DEFAULT_BRANCH })
  --skip-build       use the existing dist-pkg/<name>-<version>/ instead of running build-pkg
  --oci <registry>/<repo>
                     also push the chart to <registry>/<repo>/<name>:<version> (helm push), for a Rancher
                     ClusterRepo oci://<registry>/<repo>
  --catalog-image <registry>/<org>
                     also push the extension catalog image <registry>/<org>/ui-extension-<name>:<version>, for
                     Rancher's Import Extension Catalog
  --mirror <url>     with --oci: the pushed chart loads the extension from <url>/extensions/<name>/<version>,
                     a copy of this repository that an air-gapped Rancher reaches (the committed chart is kept)
  --plain-http       the registry speaks HTTP, not HTTPS
  --rancher-version <version>
                     the Rancher it is for: refuse a chart whose catalog.cattle.io/rancher-version excludes it
  Registry credentials: OCI_USERNAME and OCI_PASSWORD in the environment (never on the command line).
  An existing tag is not overwritten unless --force.`;

export function parseArgs(argv: string[]): Args {
  const args: Args = {
    force: false, skipBuild: false, plainHttp: false
  };

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];

      if (!v || v.startsWith('-')) {
        throw new Error(`${ arg } needs a value\n${ USAGE }`);
      }

      return v;
    };

    if (arg === '--force' || arg === '-f') {
      args.force = true;
    } else if (arg === '--skip-build') {
      args.skipBuild = true;
    } else if (arg === '--base-url') {
      args.baseUrl = value();
    } else if (arg.startsWith('--base-url=')) {
      args.baseUrl = arg.slice('--base-url='.length);
    } else if (arg === '--branch') {
      args.branch = value();
    } else if (arg === '--oci') {
      args.oci = value();
    } else if (arg === '--catalog-image') {
      args.catalogImage = value();
    } else if (arg === '--mirror') {
      args.mirror = value();
    } else if (arg === '--plain-http') {
      args.plainHttp = true;
    } else if (arg === '--rancher-version') {
      args.rancherVersion = value();
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      throw new Error(`unknown argument ${ arg }\n${ USAGE }`);
    }
  }

  return args;
}

function gitOrigin(): string | undefined {
  const out = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: ROOT, encoding: 'utf8' });

  return out.status === 0 ? out.stdout.trim() : undefined;
}

function buildPkg(skip: boolean) {
  return (pkg: PackageInfo): string => {
    const dist = path.join(ROOT, 'dist-pkg', `${ pkg.name }-${ pkg.version }`);

    if (skip) {
      return dist;
    }
    // build-pkg takes the version from $VERSION when set: pin it to the one being published.
    const env: NodeJS.ProcessEnv = { ...process.env, VERSION: pkg.version };

    delete env.COMMIT;
    const run = spawnSync('npm', ['run', 'build-pkg', pkg.name], {
      cwd: ROOT, stdio: 'inherit', env
    });

    if (run.status !== 0) {
      throw new Error(`npm run build-pkg ${ pkg.name } failed (exit ${ run.status ?? run.signal })`);
    }

    return dist;
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const pkg = readPackageInfo(path.join(ROOT, 'pkg', PKG));
  const plan = planDistribution(args, pkg);
  const base = resolveBaseUrl({
    flag:             args.baseUrl,
    env:              process.env[BASE_URL_ENV],
    gitRemote:        gitOrigin(),
    branch:           args.branch,
    previousEndpoint: await latestPublishedEndpoint(ROOT, PKG),
    name:             PKG,
  });

  console.log(`[publish] repository base URL: ${ base.url } (from ${ base.source })`);
  const result = await publish({
    root:    ROOT,
    name:    PKG,
    baseUrl: base.url,
    force:   args.force,
    build:   buildPkg(args.skipBuild),
    log:     (message) => console.log(`[publish] ${ message }`),
  });

  console.log(`[publish] ${ result.status }: ${ result.name } ${ result.version }, ${ result.archive } sha256 ${ result.digest }`);
  await distribute({
    root: ROOT, pkg, archive: result.archive, plan, args, log: (message) => console.log(`[publish] ${ message }`)
  });
}

main().catch((err) => {
  console.error(`[publish] ${ err instanceof Error ? err.message : err }`);
  process.exit(1);
});
