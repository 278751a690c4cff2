/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { freePort, LocalRegistry, startRegistry } from '../../lab/chartops/registry';
import { helmEnv, helm } from '../../lab/chartops/run';
import { planDistribution } from '../../scripts/publish/distribute';
import { pushChart, RegistryAccess } from '../../scripts/publish/oci';
import { readPackageInfo } from '../../scripts/publish/pkgInfo';
import { helmTemplate } from './helm';

/**
 * `publish-pkgs --oci`: the published chart pushed with Helm to a real registry (distribution, on loopback, with
 * htpasswd auth), pulled back with Helm, and read as Rancher's OCI ClusterRepo reads a registry.
 */
const ROOT = path.resolve(__dirname, '../..');
const NAME = 'harvester-cloud-ui';
const VERSION = '0.5.0';
const ARCHIVE = path.join(ROOT, 'assets', NAME, `${ NAME }-${ VERSION }.tgz`);
const USER = 'publisher';
const PASSWORD = crypto.randomBytes(12).toString('hex');
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

let registry: LocalRegistry;
let work: string;
const access: RegistryAccess = {
  plainHttp: true, username: USER, password: PASSWORD
};
const basic = `Basic ${ Buffer.from(`${ USER }:${ PASSWORD }`).toString('base64') }`;

beforeAll(async() => {
  registry = await startRegistry({ user: USER, password: PASSWORD });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'oci-chart-'));
}, 60000);

afterAll(async() => {
  await registry?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

function pullBack(version: string): string {
  const env = helmEnv(path.join(work, 'helm'));
  const dest = fs.mkdtempSync(path.join(work, 'pull-'));

  expect(helm(['registry', 'login', registry.host, '--username', USER, '--password-stdin', '--plain-http'], { env, input: PASSWORD }).status).toBe(0);
  const r = helm(['pull', `oci://${ registry.host }/charts/${ NAME }`, '--version', version, '--plain-http', '--destination', dest], { env });

  expect({ status: r.status, err: r.status ? r.stderr : '' }).toEqual({ status: 0, err: '' });

  return path.join(dest, `${ NAME }-${ version }.tgz`);
}

describe('publish-pkgs --oci against a real registry', () => {
  it('pushes the published archive; Helm pulls back the same bytes, which render the same UIPlugin', () => {
    const logs: string[] = [];
    const pushed = pushChart({
      archive: ARCHIVE, name: NAME, version: VERSION, target: { registry: registry.host, repository: 'charts' }, access, log: (m) => logs.push(m),
    });

    expect(pushed.ref).toBe(`${ registry.host }/charts/${ NAME }:${ VERSION }`);
    expect(pushed.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const pulled = pullBack(VERSION);

    expect(sha256(pulled)).toBe(sha256(ARCHIVE));
    expect(helmTemplate(pulled)).toStrictEqual(helmTemplate(ARCHIVE));
    expect(logs.join('\n')).not.toContain(PASSWORD);
  });

  it('is listed the way Rancher\'s OCI ClusterRepo lists a registry: repository, semver tag, Helm chart manifest', async() => {
    const get = (p: string, accept = 'application/json') => fetch(`http://${ registry.host }/v2/${ p }`, { headers: { Authorization: basic, Accept: accept } });

    expect((await (await get('_catalog')).json()).repositories).toContain(`charts/${ NAME }`);
    expect((await (await get(`charts/${ NAME }/tags/list`)).json()).tags).toEqual([VERSION]);
    const manifest = await (await get(`charts/${ NAME }/manifests/${ VERSION }`, 'application/vnd.oci.image.manifest.v1+json')).json();

    expect(manifest.config.mediaType).toBe('application/vnd.cncf.helm.config.v1+json');
    const config = await (await get(`charts/${ NAME }/blobs/${ manifest.config.digest }`)).json();

    // Rancher builds its index entry from this config: the annotations it filters on must be there.
    expect(config).toMatchObject({ name: NAME, version: VERSION });
    expect(config.annotations['catalog.cattle.io/ui-component']).toBe('plugins');
    expect(config.annotations['catalog.cattle.io/rancher-version']).toBeTruthy();
  });

  it('refuses to overwrite an existing tag unless forced', () => {
    const push = (force: boolean) => pushChart({
      archive: ARCHIVE, name: NAME, version: VERSION, target: { registry: registry.host, repository: 'charts' }, access, force,
    });

    expect(() => push(false)).toThrow(new RegExp(`${ NAME }:${ VERSION } already exists in the registry; publish a new version`));
    expect(push(true).ref).toContain(VERSION);
  });

  it('says the registry refused without credentials or with wrong ones, and never shows the password', () => {
    const push = (a: RegistryAccess) => pushChart({
      archive: ARCHIVE, name: NAME, version: '9.9.9', target: { registry: registry.host, repository: 'other' }, access: a,
    });

    expect(() => push({ plainHttp: true })).toThrow(/refused access .* set OCI_USERNAME and OCI_PASSWORD/);
    let message = '';

    try {
      push({
        plainHttp: true, username: USER, password: 'not-the-password'
      });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/refused access/);
    expect(message).not.toContain('not-the-password');
  });

  it('says a registry cannot be reached, naming it', async() => {
    const nobody = `127.0.0.1:${ await freePort() }`;

    expect(() => pushChart({
      archive: ARCHIVE, name: NAME, version: VERSION, target: { registry: nobody, repository: 'charts' }, access,
    })).toThrow(new RegExp(`cannot reach registry ${ nobody }`));
  });
});

describe('--rancher-version: the Rancher the chart is for', () => {
  const pkg = readPackageInfo(path.join(ROOT, 'pkg', NAME));
  const plan = (rancherVersion: string) => planDistribution({
    plainHttp: false, force: false, rancherVersion
  }, pkg);

  it.each(['2.11.9', '2.12.5', '2.13.1', '2.16.0'])('refuses Rancher %s, which would not list this version', (v) => {
    expect(() => plan(v)).toThrow(new RegExp(`${ NAME } ${ pkg.version } is for Rancher .*: Rancher ${ v.replace(/\./g, '\\.') } would not list it`));
  });

  it.each(['2.12.6', '2.13.2', '2.14.0', '2.15.1', 'v2.15.0-rc1'])('accepts Rancher %s', (v) => {
    expect(() => plan(v)).not.toThrow();
  });

  it('names a version that is no version', () => {
    expect(() => plan('two-point-fifteen')).toThrow(/--rancher-version two-point-fifteen/);
  });
});

describe('publish-pkgs as a user runs it', () => {
  it('rejects credentials in the registry address before building anything', () => {
    const r = spawnSync('tsx', ['scripts/publish/index.ts', '--skip-build', '--oci', `${ USER }:${ PASSWORD }@${ registry.host }/charts`], { cwd: ROOT, encoding: 'utf8' });

    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/do not put credentials in the registry address; set OCI_USERNAME and OCI_PASSWORD/);
    expect(`${ r.stdout }${ r.stderr }`).not.toContain(PASSWORD);
  });
});

it('the chart Rancher would read is the published one', () => {
  expect(parse(helm(['show', 'chart', ARCHIVE]).stdout).version).toBe(VERSION);
});
