import {
  mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NAME = 'harvester-cloud-ui';
export const BASE_URL = 'https://raw.githubusercontent.com/example-org/example-repo/main';
export const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>\n';
export const ANNOTATIONS = {
  'catalog.cattle.io/display-name':          'Harvester Cloud Provider',
  'catalog.cattle.io/rancher-version':       '>= 2.11.0-0',
  'catalog.cattle.io/ui-extensions-version': '>= 3.0.0 < 4.0.0',
};

/** A throw-away repository root with pkg/<NAME>/ (package.json at `version`, icon.svg). */
export function makeRepo(version = '0.1.0'): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'publish-test-'));

  mkdirSync(path.join(root, 'pkg', NAME), { recursive: true });
  writeFileSync(path.join(root, 'pkg', NAME, 'icon.svg'), ICON);
  setVersion(root, version);

  return root;
}

export function setVersion(root: string, version: string): void {
  writeFileSync(path.join(root, 'pkg', NAME, 'package.json'), JSON.stringify({
    name:        NAME,
    description: 'Harvester Cloud Provider: load balancer, host storage and topology',
    version,
    rancher:     { annotations: ANNOTATIONS },
  }, null, 2));
}

/** A fake build-pkg: writes dist-pkg/<NAME>-<version>/ as the shell's build does (package.json, umd bundle, chunks). */
export function fakeBuild(root: string, calls: string[] = []) {
  return (pkg: { name: string; version: string }): string => {
    const dist = path.join(root, 'dist-pkg', `${ pkg.name }-${ pkg.version }`);
    const main = `${ pkg.name }-${ pkg.version }.umd.min.js`;

    calls.push(pkg.version);
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(path.join(dist, 'img'), { recursive: true });
    writeFileSync(path.join(dist, 'package.json'), JSON.stringify({
      name: pkg.name, version: pkg.version, rancher: true, main, files: ['**/*']
    }, null, 2));
    writeFileSync(path.join(dist, main), `/* ${ pkg.name } ${ pkg.version } */`);
    writeFileSync(path.join(dist, `${ pkg.name }-${ pkg.version }.umd.min.1.js`), '/* chunk */');
    writeFileSync(path.join(dist, 'img', 'logo.svg'), ICON);
    writeFileSync(path.join(dist, 'report.html'), '<html>bundle report</html>');

    return dist;
  };
}

/** Every file under dir (relative path -> bytes), to compare trees before and after. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);

      if (statSync(p).isDirectory()) {
        walk(p);
      } else {
        out[path.relative(dir, p)] = readFileSync(p).toString('base64');
      }
    }
  };

  walk(dir);

  return out;
}
