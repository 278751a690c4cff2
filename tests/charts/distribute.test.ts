/**
 * @jest-environment node
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { LocalRegistry, startRegistry } from '../../lab/chartops/registry';
import { runTool } from '../../lab/chartops/run';
import { distribute, planDistribution } from '../../scripts/publish/distribute';
import { readPackageInfo } from '../../scripts/publish/pkgInfo';

/**
 * What `npm run publish-pkgs -- --oci ... --catalog-image ... --plain-http` does after the version is in this
 * repository, with the credentials in the environment as the README says: both land in the registry, and the
 * output tells the admin what to enter in Rancher, without the password.
 */
const ROOT = path.resolve(__dirname, '../..');
const pkg = readPackageInfo(path.join(ROOT, 'pkg', 'harvester-cloud-ui'));
const PASSWORD = crypto.randomBytes(12).toString('hex');
let registry: LocalRegistry;
const saved = { user: process.env.OCI_USERNAME, password: process.env.OCI_PASSWORD };

beforeAll(async() => {
  registry = await startRegistry({ user: 'admin', password: PASSWORD });
  process.env.OCI_USERNAME = 'admin';
  process.env.OCI_PASSWORD = PASSWORD;
}, 60000);

afterAll(async() => {
  process.env.OCI_USERNAME = saved.user;
  process.env.OCI_PASSWORD = saved.password;
  if (saved.user === undefined) {
    delete process.env.OCI_USERNAME;
  }
  if (saved.password === undefined) {
    delete process.env.OCI_PASSWORD;
  }
  await registry?.stop();
});

it('pushes the chart and the catalog image, and says where to point Rancher', async() => {
  const args = {
    oci: `${ registry.host }/charts`, catalogImage: `oci://${ registry.host }/extensions/`, plainHttp: true, force: false, rancherVersion: '2.15.0'
  };
  const logs: string[] = [];

  await distribute({
    root: ROOT, pkg, archive: `assets/${ pkg.name }/${ pkg.name }-${ pkg.version }.tgz`, plan: planDistribution(args, pkg), args, log: (m) => logs.push(m),
  });
  const out = logs.join('\n');

  expect(out).toContain(`add a ClusterRepo with Target "OCI Repository" and URL oci://${ registry.host }/charts/${ pkg.name } (tick Insecure Plain Http)`);
  expect(out).toContain(`Import Extension Catalog, Catalog Image Reference ${ registry.host }/extensions/ui-extension-${ pkg.name }:${ pkg.version }`);
  expect(out).not.toContain(PASSWORD);
  for (const ref of [`${ registry.host }/charts/${ pkg.name }:${ pkg.version }`, `${ registry.host }/extensions/ui-extension-${ pkg.name }:${ pkg.version }`]) {
    expect({ ref, status: runTool('catalog-image', ['head', ref]).status }).toEqual({ ref, status: 0 });
  }
});

it('refuses flags that cannot be right before building anything', () => {
  expect(() => planDistribution({ plainHttp: true, force: false }, pkg)).toThrow(/--plain-http applies to --oci or --catalog-image/);
  expect(() => planDistribution({
    oci: 'https://registry.local/charts', plainHttp: false, force: false
  }, pkg)).toThrow(/--oci takes <registry>\/<repository>/);
  expect(() => planDistribution({
    catalogImage: 'Registry.local/Org', plainHttp: false, force: false
  }, pkg)).toThrow(/--catalog-image .* is not <registry host\[:port\]>\/<repository>/);
});
