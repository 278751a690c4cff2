/**
 * @jest-environment node
 */
import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { freePort, LocalRegistry, startRegistry } from '../../lab/chartops/registry';
import { runTool } from '../../lab/chartops/run';
import { importedNames, pushCatalogImage, PushedImage } from '../../scripts/publish/catalogImage';
import { RegistryAccess } from '../../scripts/publish/oci';
import { compareVersions } from '../../scripts/publish/repoIndex';
import { helmTemplate, runHelm } from './helm';

/**
 * `publish-pkgs --catalog-image`: the extension catalog image built without Docker, pushed to a real registry on
 * loopback, pulled back and laid out as a container runtime would; then its own server binary, run from the
 * extracted filesystem (no container runtime here), serves it and is read as Rancher reads it after "Import
 * Extension Catalog": the ClusterRepo's index.yaml and charts, then each UIPlugin endpoint as the plugin controller.
 */
const ROOT = path.resolve(__dirname, '../..');
const NAME = 'harvester-cloud-ui';
const VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'pkg', NAME, 'package.json'), 'utf8')).version;
const CONTENTS = 'home/plugin-server/plugin-contents';
const access: RegistryAccess = {
  plainHttp: true, username: 'ci', password: crypto.randomBytes(12).toString('hex')
};
const toolEnv = {
  ...process.env, OCI_USERNAME: access.username, OCI_PASSWORD: access.password
};
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

let registry: LocalRegistry;
let work: string;
let image: PushedImage;
let pulled: any;
let server: ChildProcess;
let base: string;

function push(force = false) {
  return pushCatalogImage({
    root: ROOT, name: NAME, displayName: 'Harvester Cloud Provider', version: VERSION, target: { registry: registry.host, repository: 'harvester' }, access, force,
  });
}

function extract(platform: string): { info: any; dir: string } {
  const dir = fs.mkdtempSync(path.join(work, 'rootfs-'));
  const r = runTool('catalog-image', ['extract', image.ref, '--platform', platform, '--into', dir], { env: toolEnv });

  if (r.status !== 0) {
    throw new Error(r.stderr);
  }

  return { info: JSON.parse(r.stdout), dir };
}

beforeAll(async() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-image-test-'));
  registry = await startRegistry({ user: access.username, password: access.password });
  image = await push();
  const { info, dir } = extract('linux/amd64');

  pulled = { info, dir };
  // The image's entrypoint, with the address and root moved: loopback here, :8080 in the pod.
  const [entry, ...args] = info.config.Entrypoint as string[];
  const port = await freePort();

  server = spawn(path.join(dir, entry), [...args.filter((a) => !/^--(listen|root)=/.test(a)), `--listen=127.0.0.1:${ port }`, `--root=${ path.join(dir, CONTENTS) }`], { stdio: 'ignore' });
  base = `http://127.0.0.1:${ port }`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${ base }/index.yaml`).then((r) => r.ok, () => false)) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120000);

afterAll(async() => {
  server?.kill();
  await registry?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the catalog image, pulled back from the registry', () => {
  it('is named so the Import dialog creates the Service its charts point at', () => {
    expect(image.ref).toBe(`${ registry.host }/harvester/ui-extension-${ NAME }:${ VERSION }`);
    expect(importedNames(image.ref)).toEqual({
      deployment:  `ui-extension-${ NAME }`,
      service:     `ui-extension-${ NAME }-svc`,
      clusterRepo: `ui-extension-${ NAME }-charts`,
      repoUrl:     `http://ui-extension-${ NAME }-svc.cattle-ui-plugin-system.svc:8080`,
    });
  });

  it('has an image for amd64 and arm64 that runs its server on 8080 as uid 1000, with labels', () => {
    expect(pulled.info.mediaType).toBe('application/vnd.oci.image.index.v1+json');
    expect(pulled.info.platforms).toEqual(['linux/amd64', 'linux/arm64']);
    expect(pulled.info.config).toMatchObject({
      Entrypoint:   ['/usr/bin/catalog-server', '--listen=:8080', `--root=/${ CONTENTS }`],
      User:         '1000:1000',
      WorkingDir:   `/${ CONTENTS }`,
      ExposedPorts: { '8080/tcp': {} },
      Labels:       { 'org.opencontainers.image.version': VERSION, 'org.opencontainers.image.title': 'Harvester Cloud Provider extension catalog' },
    });
    // ELF e_machine: 0x3e x86-64, 0xb7 AArch64
    const machine = (dir: string) => fs.readFileSync(path.join(dir, 'usr/bin/catalog-server')).readUInt16LE(18);

    expect(machine(pulled.dir)).toBe(0x3e);
    expect(machine(extract('linux/arm64').dir)).toBe(0xb7);
  });

  it('lays its files out as the shell\'s image does: index.yaml and files.txt at the root, plugin/...', () => {
    const root = path.join(pulled.dir, CONTENTS);
    const files = fs.readFileSync(path.join(root, 'files.txt'), 'utf8').split('\n').filter(Boolean);

    expect(fs.readFileSync(path.join(root, 'plugin', 'index.yaml'), 'utf8')).toBe(fs.readFileSync(path.join(root, 'index.yaml'), 'utf8'));
    expect(files).toContain(`plugin/${ NAME }/${ NAME }-${ VERSION }.tgz`);
    expect(files).toContain(`plugin/${ NAME }-${ VERSION }/files.txt`);
    expect(files.every((f) => f.startsWith('plugin/') && fs.existsSync(path.join(root, f)))).toBe(true);
  });

  it('serves a Helm index of every published version whose charts Helm pulls and lints', async() => {
    const index = parse(await (await fetch(`${ base }/index.yaml`)).text());
    const versions = index.entries[NAME].map((e: any) => e.version);
    const dest = fs.mkdtempSync(path.join(work, 'pull-'));

    expect(versions).toEqual(fs.readdirSync(path.join(ROOT, 'charts', NAME)).sort(compareVersions).reverse());
    expect(versions).toContain(VERSION);
    for (const entry of index.entries[NAME]) {
      // Rancher resolves the relative URL against the ClusterRepo's URL, and checks the digest.
      const res = await fetch(`${ base }/${ entry.urls[0] }`);

      expect({ url: entry.urls[0], status: res.status }).toEqual({ url: `plugin/${ NAME }/${ NAME }-${ entry.version }.tgz`, status: 200 });
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(entry.digest);
      expect(entry.icon).toBe(`http://ui-extension-${ NAME }-svc.cattle-ui-plugin-system.svc:8080/assets/${ NAME }/icon.svg`);
      expect(runHelm(['pull', NAME, '--repo', base, '--version', entry.version, '--destination', dest]).status).toBe(0);
      expect(runHelm(['lint', '--strict', path.join(dest, `${ NAME }-${ entry.version }.tgz`)]).stdout).toContain('0 chart(s) failed');
    }
    expect((await fetch(`${ base }/assets/${ NAME }/icon.svg`)).status).toBe(200);
  });

  it('its charts point each UIPlugin at the catalog\'s Service, which serves what the plugin controller fetches', async() => {
    const index = parse(await (await fetch(`${ base }/index.yaml`)).text());

    for (const entry of index.entries[NAME]) {
      const chart = path.join(work, `chart-${ entry.version }.tgz`);

      fs.writeFileSync(chart, Buffer.from(await (await fetch(`${ base }/${ entry.urls[0] }`)).arrayBuffer()));
      const { spec } = helmTemplate(chart)[0];
      const inCluster = `http://ui-extension-${ NAME }-svc.cattle-ui-plugin-system.svc:8080`;

      expect(spec.plugin).toMatchObject({
        name: NAME, version: entry.version, endpoint: `${ inCluster }/plugin/${ NAME }-${ entry.version }`
      });
      // As rancher/rancher pkg/controllers/dashboard/plugin/fscache.go cacheEndpoint, with the Service's host here.
      const endpoint = spec.plugin.endpoint.replace(inCluster, base);
      const pkg = await (await fetch(`${ endpoint }/plugin/package.json`)).json();

      expect(pkg.version).toBe(entry.version);
      const files = (await (await fetch(`${ endpoint }/files.txt`)).text()).split('\n').filter(Boolean);

      expect(files.length).toBeGreaterThan(5);
      for (const file of files) {
        const res = await fetch(`${ endpoint }/${ file }`);
        const body = Buffer.from(await res.arrayBuffer());

        expect({ file, status: res.status }).toEqual({ file, status: 200 });
        expect(sha256(body)).toBe(sha256(fs.readFileSync(path.join(ROOT, 'extensions', NAME, entry.version, file))));
      }
    }
  });
});

describe('pushing the catalog image again', () => {
  it('refuses an existing tag; forced, the same files give the same digest', async() => {
    await expect(push()).rejects.toThrow(/ui-extension-harvester-cloud-ui:.* already exists in the registry/);
    expect((await push(true)).digest).toBe(image.digest);
  });

  it('is refused by the registry without credentials', async() => {
    await expect(pushCatalogImage({
      root: ROOT, name: NAME, displayName: 'x', version: '9.9.9', target: { registry: registry.host, repository: 'harvester' }, access: { plainHttp: true },
    })).rejects.toThrow(/refused access .* set OCI_USERNAME and OCI_PASSWORD/);
  });
});

it('the Import dialog cannot name a catalog from a non-semver tag, and says so', () => {
  expect(() => importedNames('registry.local/org/ui-extension-x:latest')).toThrow(/Import Extension Catalog cannot name a catalog/);
  expect(importedNames('registry.local:5000/ui-extension-x:1.2.3-rc1').deployment).toBe('ui-extension-x');
});
