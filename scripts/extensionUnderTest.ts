/**
 * The extension under test, as the backends are handed it (lab/backends/simulator.ts): its build in dist-pkg, and its
 * chart rendered by the publish pipeline (scripts/publish/chart.ts) into a Helm repository of its own under
 * test-results/, whose UIPlugin carries the annotations the dashboard checks (rancher-version,
 * ui-extensions-version) exactly as a published version would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readPackageInfo } from './publish/pkgInfo';
import { renderChartFiles, writeChartDir } from './publish/chart';

const ROOT = path.resolve(__dirname, '..');

export const EXTENSION = 'harvester-cloud-ui';

/** The chart of the code under test in a Helm repository of its own (one per Playwright worker: each writes its own). */
export async function chartRepoUnderTest(): Promise<string> {
  const pkg = readPackageInfo(path.join(ROOT, 'pkg', EXTENSION));
  const repo = path.join(ROOT, 'test-results', `compat-helm-repo-${ process.env.TEST_PARALLEL_INDEX || '0' }`);

  await writeChartDir(path.join(repo, 'charts', pkg.name, pkg.version), renderChartFiles(pkg, 'http://127.0.0.1'));

  return repo;
}

/** The build under test: `npm run test:compat` runs build-pkg first. */
export function extensionBuildDir(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg', EXTENSION, 'package.json'), 'utf8'));
  const dir = path.join(ROOT, 'dist-pkg', `${ EXTENSION }-${ version }`);

  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    throw new Error(`no extension build in ${ path.relative(ROOT, dir) }: run npm run build-pkg ${ EXTENSION } (npm run test:compat does)`);
  }

  return dir;
}

