/**
 * The scene of Way 2 of the air-gapped install (docs/air-gapped.md): a registry that wants credentials, where Rancher's
 * server reaches it (RANCHER_PORTS.ociRegistry, bridged into its network namespace), and the chart pushed there as
 * `publish-pkgs --oci <registry>/charts --mirror <url>` pushes it, its files at a mirror Rancher reaches (the stack's
 * repository server). The same push code as the command (scripts/publish/distribute.ts, oci.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalRegistry, startRegistry } from '../../../lab/chartops/registry';
import { RANCHER_PORTS } from '../../../lab/stack/rancher/localCluster';
import { repoUrl } from '../../../lab/stack/rancher/extension';
import { mirroredArchive } from '../../../scripts/publish/distribute';
import { pushChart } from '../../../scripts/publish/oci';
import { readPackageInfo } from '../../../scripts/publish/pkgInfo';

const ROOT = path.resolve(__dirname, '../../..');

export interface OciScene {
  registry: LocalRegistry;
  /** What the admin types as the OCI Repository Host URL. */
  url: string;
  user: string;
  password: string;
  /** Where the pushed chart's UIPlugin loads the extension from. */
  endpoint: string;
  stop(): Promise<void>;
}

export async function ociScene(name: string): Promise<OciScene> {
  const user = 'publisher';
  const password = crypto.randomBytes(12).toString('hex');
  const registry = await startRegistry({
    user, password, port: RANCHER_PORTS.ociRegistry
  });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oci-scene-'));

  try {
    const pkg = readPackageInfo(path.join(ROOT, 'pkg', name));
    const archive = await mirroredArchive(ROOT, pkg, repoUrl(), tmp);
    const pushed = pushChart({
      archive,
      name,
      version: pkg.version,
      target:  { registry: registry.host, repository: 'charts' },
      access:  {
        plainHttp: true, username: user, password
      },
      force: true,
    });

    return {
      registry, url: pushed.url, user, password, endpoint: `${ repoUrl() }/extensions/${ name }/${ pkg.version }`, stop: () => registry.stop()
    };
  } catch (e) {
    await registry.stop();
    throw e;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
