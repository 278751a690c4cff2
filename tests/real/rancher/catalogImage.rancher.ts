/**
 * Issue 36, Way 1 of the air-gapped install on Rancher's own server: the extension catalog image `publish-pkgs`
 * pushes (scripts/publish/catalogImage.ts) in a registry that wants credentials, imported as Rancher's Import
 * Extension Catalog dialog imports it (shell/dialog/ExtensionCatalogInstallDialog.vue: a Deployment of the image with
 * the chosen pull Secrets, a Service `<name>-svc` on 8080, a ClusterRepo `<name>-charts` at the Service's URL). The
 * Deployment's Pod is pulled and run by the Pod runner (lab/standins/pods: pull.ts, services.ts), Rancher reads the
 * catalog through the Service's name, installs the extension from it and caches its files from it. The dialog in
 * Rancher's own dashboards: tests/flows/extensionCatalog.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { installExtension, newestInRepo, uninstallExtension } from '../../../lab/stack/rancher/extension';
import { loginToken, rancherExpect, rancherRequest, until } from '../../../lab/stack/rancher/rancherApi';
import { readRancherInfo } from '../../../lab/stack/rancher/state';
import { DEMO_PASSWORD } from '../../../lab/simulator/rancher/users';
import { inClusterEndpoint } from '../../../scripts/publish/catalogStage';
import {
  CATALOG_LABEL, CATALOG_NS, catalogAnswers, catalogPods, catalogScene, CatalogScene, createPullSecret, dropCatalog, publishedVersion, PULL_SECRET, refreshRepo, repoDownload
} from '../../flows/lib/catalogScene';

const ROOT = path.resolve(__dirname, '../../..');
const NAME = 'harvester-cloud-ui';
const VERSION = publishedVersion(NAME);
const NO_CREDENTIALS = 'no-credentials';

let token: string;
let scene: CatalogScene;
const api = async(method: string, p: string, body?: unknown) => {
  const r = await rancherRequest(method, p, token, body);

  return { status: r.status, body: r.body };
};

/** What the dialog creates for an image (its DEFAULT_DEPLOYMENT, with the name and the pull Secrets filled in). */
async function deploy(image: string, name: string, pullSecrets: string[]): Promise<void> {
  await rancherExpect('POST', '/v1/apps.deployments', token, {
    type:     'apps.deployment',
    metadata: {
      name, namespace: CATALOG_NS, labels: { [CATALOG_LABEL]: name }
    },
    spec: {
      replicas: 1,
      selector: { matchLabels: { [CATALOG_LABEL]: name } },
      template: {
        metadata: { namespace: CATALOG_NS, labels: { [CATALOG_LABEL]: name } },
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

async function podOf(deployment: string, ok: (pod: any) => boolean): Promise<any> {
  return until(`a Pod of ${ deployment } as wanted`, 120000, async() => (await catalogPods(api, deployment)).find(ok), 1000);
}

beforeAll(async() => {
  if (!readRancherInfo()) {
    throw new Error('no Rancher running in the stack: npm run test:rancher starts it');
  }
  token = await loginToken('admin', DEMO_PASSWORD);
  scene = await catalogScene(NAME, VERSION);
  await dropCatalog(api, scene, [NO_CREDENTIALS]);
  await uninstallExtension(token);
}, 300000);

afterAll(async() => {
  if (scene) {
    await uninstallExtension(token).catch(() => undefined);
    await dropCatalog(api, scene, [NO_CREDENTIALS]);
    await scene.stop();
    // The extension as the stack installed it (from its HTTP ClusterRepo), for the suites after this one.
    await installExtension(token, await newestInRepo(token));
  }
}, 300000);

it('imported as the dialog imports it, the Deployment\'s Pod runs the image pulled with the pull Secret, and the catalog lists the published versions', async() => {
  const { names } = scene;

  await createPullSecret(api, scene);
  await deploy(scene.ref, names.deployment, [PULL_SECRET]);
  await rancherExpect('POST', '/v1/services', token, {
    type:     'service',
    metadata: {
      name: names.service, namespace: CATALOG_NS, labels: { [CATALOG_LABEL]: names.deployment }
    },
    spec: {
      ports: [{
        name: '', port: 8080, protocol: 'TCP', targetPort: 8080
      }],
      selector: { [CATALOG_LABEL]: names.deployment },
      type:     'ClusterIP',
    },
  }, [201]);
  await rancherExpect('POST', '/v1/catalog.cattle.io.clusterrepos', token, {
    type: 'catalog.cattle.io.clusterrepo', metadata: { name: names.clusterRepo, labels: { [CATALOG_LABEL]: names.deployment } }, spec: { url: names.repoUrl },
  }, [201]);

  const pod = await podOf(names.deployment, (p) => p.status?.phase === 'Running');

  expect(pod.spec.nodeName).toBe('pod-runner');
  expect(pod.spec.containers[0].image).toBe(scene.ref);
  // Rancher reads the repository as soon as the dialog creates it, before the image is pulled: that first download
  // fails and Rancher waits 5 minutes to retry (pkg/controllers/dashboard/helm/repo.go defaultHandlerErrRetryPolicy).
  // An admin then refreshes the repository (docs/air-gapped.md, Way 1 step 4), once the catalog answers.
  await catalogAnswers(api, names.clusterRepo);
  await refreshRepo(api, names.clusterRepo);
  const index = await until(`${ names.clusterRepo } lists ${ NAME }`, 120000, async() => {
    const r = await rancherRequest('GET', `/v1/catalog.cattle.io.clusterrepos/${ names.clusterRepo }?link=index`, token);

    if (r.status === 200 && r.body?.entries?.[NAME]) {
      return r.body;
    }
    throw new Error(await repoDownload(api, names.clusterRepo));
  }, 2000);
  const published = fs.readdirSync(path.join(ROOT, 'charts', NAME));

  expect(index.entries[NAME].map((e: any) => e.version).sort()).toEqual(published.sort());
}, 300000);

it('installed from the imported catalog, Rancher caches the extension\'s files from the catalog\'s Service and serves them', async() => {
  await installExtension(token, VERSION, scene.names.clusterRepo);
  const entry = (await rancherExpect('GET', '/v1/uiplugins', token)).body.entries[NAME];

  expect(entry).toMatchObject({
    version: VERSION, endpoint: inClusterEndpoint(scene.names.service, NAME, VERSION), CacheState: 'cached', Ready: true
  });
  const main = `${ NAME }-${ VERSION }.umd.min.js`;
  const served = await rancherExpect('GET', `/v1/uiplugins/${ NAME }/${ VERSION }/plugin/${ main }`, token);

  expect(Buffer.from(served.raw as Buffer).equals(fs.readFileSync(path.join(ROOT, 'extensions', NAME, VERSION, 'plugin', main)))).toBe(true);
}, 300000);

it('a Deployment of the image without the pull Secret: its Pod says the registry refused the pull', async() => {
  await deploy(scene.ref, NO_CREDENTIALS, []);
  const pod = await podOf(NO_CREDENTIALS, (p) => !!p.status?.containerStatuses?.[0]?.state?.waiting?.reason?.match(/ErrImagePull/));
  const waiting = pod.status.containerStatuses[0].state.waiting;

  expect(waiting.message).toMatch(/unauthorized/);
  expect(waiting.message).not.toContain(scene.password);
}, 300000);
