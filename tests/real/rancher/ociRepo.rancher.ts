/**
 * Issue 27 on Rancher's own server: the chart `publish-pkgs --oci` pushes to a real registry (distribution, on
 * 127.0.0.1 with htpasswd, bridged into Rancher's network namespace) read by an OCI ClusterRepo as an admin adds it
 * in Apps → Repositories (oci:// URL, "Insecure Plain Http", a basic-auth Secret). Rancher's catalog then lists the
 * extension with the same annotations the Extensions page filters on as the HTTP repository's, and serves the very
 * archive that was pushed; without credentials the repository says why it has nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EXTENSION_REPO } from '../../../lab/world/ids';
import { LocalRegistry, startRegistry } from '../../../lab/chartops/registry';
import { pushChart, RegistryAccess } from '../../../scripts/publish/oci';
import { RANCHER_PORTS } from '../../../lab/stack/rancher/localCluster';
import { installExtension, newestInRepo, repoUrl, uninstallExtension } from '../../../lab/stack/rancher/extension';
import { loginToken, rancherExpect, rancherRequest, until } from '../../../lab/stack/rancher/rancherApi';
import { readRancherInfo } from '../../../lab/stack/rancher/state';
import { DEMO_PASSWORD } from '../../../lab/simulator/rancher/users';

const ROOT = path.resolve(__dirname, '../../..');
const NAME = 'harvester-cloud-ui';
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg', NAME, 'package.json'), 'utf8')).version;
const ARCHIVE = path.join(ROOT, 'assets', NAME, `${ NAME }-${ VERSION }.tgz`);
const USER = 'publisher';
const PASSWORD = crypto.randomBytes(12).toString('hex');
const REPO = 'harvester-cloud-ui-oci';
const BARE = 'harvester-cloud-ui-oci-nocreds';
const SECRET = 'harvester-cloud-ui-oci-auth';
const repos = '/v1/catalog.cattle.io.clusterrepos';

let registry: LocalRegistry;
let token: string;

async function dropRepos(): Promise<void> {
  for (const name of [REPO, BARE]) {
    await rancherRequest('DELETE', `${ repos }/${ name }`, token);
  }
  await rancherRequest('DELETE', `/v1/secrets/cattle-system/${ SECRET }`, token);
}

/** The repository's condition for OCI downloads (catalog.cattle.io/v1 OCIDownloaded), once Rancher has set it. */
async function downloaded(name: string, want: 'True' | 'False'): Promise<any> {
  return until(`${ name } OCIDownloaded=${ want }`, 120000, async() => {
    const r = await rancherRequest('GET', `${ repos }/${ name }`, token);
    const c = (r.body?.status?.conditions || []).find((x: any) => x.type === 'OCIDownloaded');

    return c?.status === want && c;
  }, 1000);
}

beforeAll(async() => {
  if (!readRancherInfo()) {
    throw new Error('no Rancher running in the stack: npm run test:rancher starts it');
  }
  token = await loginToken('admin', DEMO_PASSWORD);
  await dropRepos();
  registry = await startRegistry({
    user: USER, password: PASSWORD, port: RANCHER_PORTS.ociRegistry
  });
  const access: RegistryAccess = {
    plainHttp: true, username: USER, password: PASSWORD
  };

  pushChart({
    archive: ARCHIVE, name: NAME, version: VERSION, target: { registry: registry.host, repository: 'charts' }, access
  });
}, 120000);

afterAll(async() => {
  // The extension as the stack installed it (from its HTTP ClusterRepo), for the suites after this one.
  if ((await rancherRequest('GET', `/v1/catalog.cattle.io.apps/cattle-ui-plugin-system/${ NAME }`, token)).body?.metadata?.labels?.['catalog.cattle.io/cluster-repo-name'] !== EXTENSION_REPO) {
    await uninstallExtension(token);
    await installExtension(token, await newestInRepo(token));
  }
  await dropRepos().catch(() => undefined);
  await registry?.stop();
}, 300000);

it('an OCI ClusterRepo with the registry\'s credentials lists the extension as the HTTP repository does, and serves the pushed archive', async() => {
  await rancherExpect('POST', '/v1/secrets', token, {
    type:     'kubernetes.io/basic-auth',
    metadata: { name: SECRET, namespace: 'cattle-system' },
    data:     { username: Buffer.from(USER).toString('base64'), password: Buffer.from(PASSWORD).toString('base64') },
  }, [201]);
  await rancherExpect('POST', repos, token, {
    type:     'catalog.cattle.io.clusterrepo',
    metadata: { name: REPO },
    spec:     {
      url: `oci://${ registry.host }/charts/${ NAME }`, insecurePlainHttp: true, clientSecret: { name: SECRET, namespace: 'cattle-system' }
    },
  }, [201]);
  await downloaded(REPO, 'True');

  const index = (await rancherExpect('GET', `${ repos }/${ REPO }?link=index`, token)).body;
  const entry = (index.entries?.[NAME] || []).find((e: any) => e.version === VERSION);
  const http = (await rancherExpect('GET', `${ repos }/${ EXTENSION_REPO }?link=index`, token)).body;
  const httpEntry = (http.entries?.[NAME] || []).find((e: any) => e.version === VERSION);

  expect(Object.keys(index.entries || {})).toEqual([NAME]);
  expect(entry?.annotations?.['catalog.cattle.io/ui-extensions-version']).toBeTruthy();
  // The Extensions page reads these (kind, display name, Rancher range, extension API range): the same as over HTTP.
  expect(entry.annotations).toEqual(httpEntry.annotations);

  const chart = await rancherExpect('GET', `${ repos }/${ REPO }?link=chart&chartName=${ NAME }&version=${ VERSION }`, token);
  const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

  expect(sha(chart.raw as Buffer)).toBe(sha(fs.readFileSync(ARCHIVE)));
});

it('installed from the OCI ClusterRepo as the Extensions page installs it, with the files\' endpoint set to a mirror, Rancher serves it', async() => {
  await uninstallExtension(token);
  // Way 2's last step (docs/air-gapped.md): plugin.endpoint set at install to a mirror of extensions/<name>/<version>
  // (here the stack's repository server), since the pushed chart names the public one.
  const endpoint = `${ repoUrl() }/extensions/${ NAME }/${ VERSION }`;

  await installExtension(token, VERSION, REPO, { plugin: { endpoint } });
  const app = (await rancherExpect('GET', `/v1/catalog.cattle.io.apps/cattle-ui-plugin-system/${ NAME }`, token)).body;
  const index = (await rancherExpect('GET', '/v1/uiplugins', token)).body;

  expect(app.metadata.labels['catalog.cattle.io/cluster-repo-name']).toBe(REPO);
  expect(app.spec.chart.metadata.annotations['catalog.cattle.io/ui-source-repo']).toBe(REPO);
  expect(index.entries[NAME]).toMatchObject({
    version: VERSION, endpoint, CacheState: 'cached', Ready: true
  });
}, 300000);

it('an OCI ClusterRepo without the registry\'s credentials says the registry refused it, and lists nothing', async() => {
  await rancherExpect('POST', repos, token, {
    type: 'catalog.cattle.io.clusterrepo', metadata: { name: BARE }, spec: { url: `oci://${ registry.host }/charts`, insecurePlainHttp: true },
  }, [201]);
  const condition = await downloaded(BARE, 'False');

  // Rancher's repository page shows this message (the registry's 401, as Rancher's OCI client reports it).
  expect(condition.message).toMatch(/charts\/tags\/list.*basic credential not found/);
  const index = await rancherRequest('GET', `${ repos }/${ BARE }?link=index`, token);

  expect(Object.keys(index.body?.entries || {})).toEqual([]);
});
