/**
 * The extension's Helm repository for Rancher mode, made by the project's own publish pipeline (scripts/publish) with
 * its endpoint at the stack's repository server: the build in `distDir` (dist-pkg, the code under test), or the
 * version's published files in extensions/ when there is no build. The lab is handed it (lab/stack/rancher/start.ts
 * `publishRepo`): the lab imports nothing of scripts/. The version published before it is listed too
 * (./previousVersion.ts), so the Extensions page offers an upgrade.
 */
import fs from 'node:fs';
import path from 'node:path';
import { publish } from '../publish/publish';
import { addPublishedVersion, previousPublished } from './previousVersion';

const ROOT = path.resolve(__dirname, '..', '..');

export async function publishExtensionRepo(dir: string, name: string, baseUrl: string, distDir?: string): Promise<{ version: string }> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'pkg'), path.join(dir, 'pkg'));
  try {
    const r = await publish({
      root:  dir,
      name,
      baseUrl,
      build: (pkg) => {
        const built = distDir || path.join(ROOT, 'dist-pkg', `${ pkg.name }-${ pkg.version }`);
        const published = path.join(ROOT, 'extensions', pkg.name, pkg.version, 'plugin');

        if (fs.existsSync(path.join(built, 'package.json'))) {
          return built;
        }
        if (fs.existsSync(path.join(published, 'package.json'))) {
          return published;
        }
        throw new Error(`no build of ${ pkg.name } ${ pkg.version }: run npm run build-pkg ${ pkg.name }`);
      },
    });

    const previous = previousPublished(ROOT, name, r.version);

    if (previous) {
      await addPublishedVersion(ROOT, dir, name, previous, baseUrl);
    }

    return { version: r.version };
  } finally {
    fs.unlinkSync(path.join(dir, 'pkg'));
  }
}
