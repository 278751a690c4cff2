/**
 * The extension catalog image for Rancher's "Import Extension Catalog" (Extensions > ⋮ > Manage Extension Catalogs),
 * built and pushed without Docker by tools/chartops' catalog-image (go-containerregistry): one image per platform
 * in an OCI index, each the static catalog-server plus the staged files (catalogStage.ts).
 *
 * The dialog (rancher/dashboard shell/dialog/ExtensionCatalogInstallDialog.vue, 2.12–2.15) takes the
 * image reference, derives a name from its last path segment (`extractImageName`), and creates in
 * cattle-ui-plugin-system a Deployment `<name>` and a Service `<name>-svc` (port 8080) labelled
 * `catalog.cattle.io/ui-extensions-catalog-image: <name>`, and a ClusterRepo `<name>-charts` with that label and the
 * URL `http://<name>-svc.cattle-ui-plugin-system.svc:8080` (2.15 and later; 2.12–2.14 write the Service's ClusterIP
 * instead, `http://<clusterIP>:8080`, as their production builds show: `loadService`). The charts inside must point their UIPlugin endpoint
 * at that Service, so the image's name is fixed when it is built: `<prefix><extension>`, as the shell's publish
 * script names it (`ui-extension-` by default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bin, IMAGE_PLATFORMS, serverBinaryName } from '../../lab/chartops/build';
import { lastLine, runTool } from '../../lab/chartops/run';
import { serviceUrl, stageCatalog } from './catalogStage';
import { joinRef, OciTarget, RegistryAccess, registryError } from './oci';

export const IMAGE_PREFIX = 'ui-extension-';

/** The dashboard's own pattern (ExtensionCatalogInstallDialog.vue `extractImageName`), unchanged 2.12–2.15. */
const EXTRACT_IMAGE_NAME = /\/([^/:]+)(?::\d+\.\d+\.\d+(-[a-zA-Z0-9]+)?|$)/;

export interface ImportedNames {
  deployment: string;
  service: string;
  clusterRepo: string;
  /** The ClusterRepo's URL as Rancher 2.15's dialog writes it (2.12–2.14: the Service's ClusterIP, `http://<ip>:8080`). */
  repoUrl: string;
}

/** What the Import Extension Catalog dialog creates for an image reference; throws where the dialog would refuse it. */
export function importedNames(imageRef: string): ImportedNames {
  const name = EXTRACT_IMAGE_NAME.exec(imageRef)?.[1];

  if (!name) {
    throw new Error(`Rancher's Import Extension Catalog cannot name a catalog from ${ imageRef }: it needs <registry>/<path>/<name> with no tag or an x.y.z tag`);
  }

  return {
    deployment: name, service: `${ name }-svc`, clusterRepo: `${ name }-charts`, repoUrl: serviceUrl(`${ name }-svc`)
  };
}

export function catalogImageRef(target: OciTarget, name: string, version: string): string {
  return joinRef(target, `${ IMAGE_PREFIX }${ name }`, version);
}

export interface PushedImage {
  ref: string;
  digest: string;
  versions: string[];
}

export async function pushCatalogImage(opts: {
  root: string; name: string; displayName: string; version: string; target: OciTarget; access: RegistryAccess; force?: boolean; log?: (m: string) => void;
}): Promise<PushedImage> {
  const log = opts.log || (() => undefined);
  const ref = catalogImageRef(opts.target, opts.name, opts.version);
  const names = importedNames(ref);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-image-'));

  try {
    const staged = await stageCatalog({
      root: opts.root, name: opts.name, serviceName: names.service, outDir: dir
    });

    log(`catalog image ${ ref }: versions ${ staged.versions.join(', ') }, served by Service ${ names.service }`);
    const env: NodeJS.ProcessEnv = { ...process.env };

    delete env.OCI_USERNAME;
    delete env.OCI_PASSWORD;
    if (opts.access.username) {
      env.OCI_USERNAME = opts.access.username;
      env.OCI_PASSWORD = opts.access.password || '';
    }
    const labels = {
      'org.opencontainers.image.title':       `${ opts.displayName } extension catalog`,
      'org.opencontainers.image.version':     opts.version,
      'org.opencontainers.image.created':     staged.created,
      'org.opencontainers.image.description': `Rancher UI extension catalog (Helm repository) of ${ opts.name } ${ staged.versions.join(', ') }: import it in Extensions > Manage Extension Catalogs`,
    };
    const r = runTool('catalog-image', [
      'build', '--contents', dir, '--ref', ref, '--created', staged.created,
      ...IMAGE_PLATFORMS.flatMap((p) => ['--server', `${ p }=${ bin(serverBinaryName(p)) }`]),
      ...Object.entries(labels).flatMap(([k, v]) => ['--label', `${ k }=${ v }`]),
      ...(opts.force ? ['--force'] : []),
      ...(opts.access.plainHttp ? ['--plain-http'] : []),
    ], { env });

    if (r.status !== 0) {
      throw registryError(r.status, ref, lastLine(r));
    }
    const digest = JSON.parse(r.stdout).digest as string;

    log(`pushed ${ ref } (${ digest }, ${ IMAGE_PLATFORMS.join(' + ') })`);

    return {
      ref, digest, versions: staged.versions
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
