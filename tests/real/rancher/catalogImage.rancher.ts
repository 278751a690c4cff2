/**
 * Issue 36, Way 1 of the air-gapped install on Rancher's own server: the extension catalog image `publish-pkgs`
 * pushes (scripts/publish/catalogImage.ts) in a registry that wants credentials, imported as Rancher's Import
 * Extension Catalog dialog imports it (shell/dialog/ExtensionCatalogInstallDialog.vue: a Deployment of the image with
 * the chosen pull Secrets, a Service `<name>-svc` on 8080, a ClusterRepo `<name>-charts` at the Service's URL). The
 * Deployment's Pod is pulled and run by the Pod runner (lab/standins/pods: pull.ts, services.ts), Rancher reads the
 * catalog through the Service's name, installs the extension from it and caches its files from it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LocalRegistry, startRegistry } from '../../../lab/chartops/registry';
import { installExtension, newestInRepo, uninstallExtension } from '../../../lab/stack/rancher/extension';
import { loginToken, rancherExpect, rancherRequest, until } from '../../../lab/stack/rancher/rancherApi';
import { readRancherInfo } from '../../../lab/stack/rancher/state';
import { DEMO_PASSWORD } from '../../../lab/simulator/rancher/users';
import { importedNames, pushCatalogImage } from '../../../scripts/publish/catalogImage';
import { inClusterEndpoint } from '../../../scripts/publish/catalogStage';

const ROOT = path.resolve(__dirname, '../../..');
const NAME = 'harvester-cloud-ui';
const NS = 'cattle-ui-plugin-system';
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg', NAME, 'package.json'), 'utf8')).version;
const USER = 'publisher';
const PASSWORD = crypto.randomBytes(12).toString('hex');
const SECRET = 'extension-catalog-pull';
const LABEL = 'catalog.cattle.io/ui-extensions-catalog-image';

let registry: LocalRegistry;
let token: string;
let ref: string;
let names: ReturnType<typeof importedNames>;

/** What the dialog creates for an image (its DEFAULT_DEPLOYMENT, DEFAULT_SERVICE, DEFAULT_REPO with the names filled in). */
async function importCatalog(image: string, name: string, pullSecrets: string[]): Promise<void> {
  await rancherExpect('POST', '/v1/apps.deployments', token, {
    type:     'apps.deployment',
    metadata: {
      name, namespace: NS, labels: { [LABEL]: name }
    },
    spec: {
      replicas: 1,
      selector: { matchLabels: { [LABEL]: name } },
      template: {
        metadata: { namespace: NS, labels: { [LABEL]: name } },
        spec:     {
          containers: [{
            image, imagePullPolicy: 'Always', name: 'container-0'
          }],
          imagePullSecrets: pullSecrets.map((s) => ({ name: s })),
          restartPolicy:    'Always',
        },
      },
    },
  });
}

/** The repository list's Refresh (shell/models/catalog.cattle.io.clusterrepo.js `refresh`). */
async function refreshRepo(name: string): Promise<void> {
  const repo = (await rancherExpect('GET', `/v1/catalog.cattle.io.clusterrepos/${ name }`, token)).body;

  repo.spec.forceUpdate = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  await rancherExpect('PUT', `/v1/catalog.cattle.io.clusterrepos/${ name }`, token, repo);
}

async function dropAll(): Promise<void> {
  for (const p of [`/v1/catalog.cattle.io.clusterrepos/${ names.clusterRepo }`, `/v1/services/${ NS }/${ names.service }`, `/v1/apps.deployments/${ NS }/${ names.deployment }`, `/v1/apps.deployments/${ NS }/no-credentials`, `/v1/secrets/${ NS }/${ SECRET }`]) {
    await rancherRequest('DELETE', p, token);
  }
}

/** The first Pod of a Deployment, once `ok` says it is as wanted. */
async function podOf(deployment: string, ok: (pod: any) => boolean): Promise<any> {
  return until(`a Pod of ${ deployment } as wanted`, 120000, async() => {
    const pods = (await rancherRequest('GET', `/v1/pods/${ NS }?labelSelector=${ encodeURIComponent(`${ LABEL }=${ deployment }`) }`, token)).body?.data || [];

    return pods.find(ok);
  }, 1000);
}

beforeAll(async() => {
  if (!readRancherInfo()) {
    throw new Error('no Rancher running in the stack: npm run test:rancher starts it');
  }
  token = await loginToken('admin', DEMO_PASSWORD);
  registry = await startRegistry({ user: USER, password: PASSWORD });
  const pushed = await pushCatalogImage({
    root:        ROOT,
    name:        NAME,
    displayName: 'Harvester Cloud Provider',
    version:     VERSION,
    target:      { registry: registry.host, repository: 'rancher-extensions' },
    access:      {
      plainHttp: true, username: USER, password: PASSWORD
    }
  });

  ref = pushed.ref;
  names = importedNames(ref);
  await dropAll();
  await uninstallExtension(token);
}, 300000);

afterAll(async() => {
  if (names) {
    await uninstallExtension(token).catch(() => undefined);
    await dropAll();
    // The extension as the stack installed it (from its HTTP ClusterRepo), for the suites after this one.
    await installExtension(token, await newestInRepo(token));
  }
  await registry?.stop();
}, 300000);

it('imported as the dialog imports it, the Deployment\'s Pod runs the image pulled with the pull Secret, and the catalog lists the published versions', async() => {
  await rancherExpect('POST', '/v1/secrets', token, {
    type:     'kubernetes.io/dockerconfigjson',
    metadata: { name: SECRET, namespace: NS },
    data:     { '.dockerconfigjson': Buffer.from(JSON.stringify({ auths: { [registry.host]: { username: USER, password: PASSWORD } } })).toString('base64') },
  }, [201]);
  await importCatalog(ref, names.deployment, [SECRET]);
  await rancherExpect('POST', '/v1/services', token, {
    type:     'service',
    metadata: {
      name: names.service, namespace: NS, labels: { [LABEL]: names.deployment }
    },
    spec: {
      ports: [{
        name: '', port: 8080, protocol: 'TCP', targetPort: 8080
      }],
      selector: { [LABEL]: names.deployment },
      type:     'ClusterIP',
    },
  }, [201]);
  await rancherExpect('POST', '/v1/catalog.cattle.io.clusterrepos', token, {
    type: 'catalog.cattle.io.clusterrepo', metadata: { name: names.clusterRepo, labels: { [LABEL]: names.deployment } }, spec: { url: names.repoUrl },
  }, [201]);

  const pod = await podOf(names.deployment, (p) => p.status?.phase === 'Running');

  expect(pod.spec.nodeName).toBe('pod-runner');
  expect(pod.spec.containers[0].image).toBe(ref);
  // Rancher reads the repository as soon as the dialog creates it, before the image is pulled: that first download
  // fails and Rancher waits 5 minutes to retry (pkg/controllers/dashboard/helm/repo.go defaultHandlerErrRetryPolicy).
  // An admin then refreshes the repository (Apps → Repositories → ⋮ → Refresh: `spec.forceUpdate`, a new generation).
  await refreshRepo(names.clusterRepo);
  const index = await until(`${ names.clusterRepo } lists ${ NAME }`, 120000, async() => {
    const r = await rancherRequest('GET', `/v1/catalog.cattle.io.clusterrepos/${ names.clusterRepo }?link=index`, token);

    return r.status === 200 && r.body?.entries?.[NAME] && r.body;
  }, 2000);
  const published = fs.readdirSync(path.join(ROOT, 'charts', NAME));

  expect(index.entries[NAME].map((e: any) => e.version).sort()).toEqual(published.sort());
}, 300000);

it('installed from the imported catalog, Rancher caches the extension\'s files from the catalog\'s Service and serves them', async() => {
  await installExtension(token, VERSION, names.clusterRepo);
  const entry = (await rancherExpect('GET', '/v1/uiplugins', token)).body.entries[NAME];

  expect(entry).toMatchObject({
    version: VERSION, endpoint: inClusterEndpoint(names.service, NAME, VERSION), CacheState: 'cached', Ready: true
  });
  const main = `${ NAME }-${ VERSION }.umd.min.js`;
  const served = await rancherExpect('GET', `/v1/uiplugins/${ NAME }/${ VERSION }/plugin/${ main }`, token);

  expect(Buffer.from(served.raw as Buffer).equals(fs.readFileSync(path.join(ROOT, 'extensions', NAME, VERSION, 'plugin', main)))).toBe(true);
}, 300000);

it('a Deployment of the image without the pull Secret: its Pod says the registry refused the pull', async() => {
  await importCatalog(ref, 'no-credentials', []);
  const pod = await podOf('no-credentials', (p) => !!p.status?.containerStatuses?.[0]?.state?.waiting?.reason?.match(/ErrImagePull/));
  const waiting = pod.status.containerStatuses[0].state.waiting;

  expect(waiting.message).toMatch(/unauthorized/);
  expect(waiting.message).not.toContain(PASSWORD);
}, 300000);
