/**
 * @jest-environment node
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { LocalRegistry, startRegistry } from '../../lab/chartops/registry';
import { helm, helmEnv } from '../../lab/chartops/run';
import { distribute, planDistribution } from '../../scripts/publish/distribute';
import { readPackageInfo } from '../../scripts/publish/pkgInfo';
import { helmTemplate } from './helm';

/**
 * `publish-pkgs --oci <registry>/charts --mirror <url>`: Way 2 inside an air gap. Rancher's Extensions page installs a
 * chart with its own values, so the pushed chart itself must load the extension from a copy of this repository that
 * Rancher reaches. Pushed to a real registry and pulled back with Helm; the committed chart is left untouched.
 */
const ROOT = path.resolve(__dirname, '../..');
const pkg = readPackageInfo(path.join(ROOT, 'pkg', 'harvester-cloud-ui'));
const MIRROR = 'http://mirror.example.internal:8080/harvester-cloud-ui';
const COMMITTED = path.join(ROOT, 'assets', pkg.name, `${ pkg.name }-${ pkg.version }.tgz`);
const PASSWORD = crypto.randomBytes(12).toString('hex');
const saved = { user: process.env.OCI_USERNAME, password: process.env.OCI_PASSWORD };
let registry: LocalRegistry;
let work: string;

beforeAll(async() => {
  registry = await startRegistry({ user: 'admin', password: PASSWORD });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'oci-mirror-'));
  process.env.OCI_USERNAME = 'admin';
  process.env.OCI_PASSWORD = PASSWORD;
}, 60000);

afterAll(async() => {
  for (const [key, value] of [['OCI_USERNAME', saved.user], ['OCI_PASSWORD', saved.password]] as const) {
    if (value === undefined) {
      delete process.env[key];
    } else {
      process.env[key] = value;
    }
  }
  await registry?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

function pullBack(): string {
  const env = helmEnv(path.join(work, 'helm'));

  expect(helm(['registry', 'login', registry.host, '--username', 'admin', '--password-stdin', '--plain-http'], { env, input: PASSWORD }).status).toBe(0);
  const r = helm(['pull', `oci://${ registry.host }/charts/${ pkg.name }`, '--version', pkg.version, '--plain-http', '--untar', '--destination', work], { env });

  expect({ status: r.status, err: r.status ? r.stderr : '' }).toEqual({ status: 0, err: '' });

  return path.join(work, pkg.name);
}

it('pushes a chart whose UIPlugin endpoint and icon are at the mirror, everything else as committed', async() => {
  const committed = fs.readFileSync(COMMITTED);
  const args = {
    oci: `${ registry.host }/charts`, mirror: `${ MIRROR }/`, plainHttp: true, force: false
  };
  const logs: string[] = [];

  await distribute({
    root: ROOT, pkg, archive: path.relative(ROOT, COMMITTED), plan: planDistribution(args, pkg), args, log: (m) => logs.push(m),
  });
  const chart = pullBack();
  const endpoint = `${ MIRROR }/extensions/${ pkg.name }/${ pkg.version }`;
  const [pulled, original] = [helmTemplate(chart), helmTemplate(COMMITTED)];

  expect(pulled.find((d) => d.kind === 'UIPlugin').spec.plugin.endpoint).toBe(endpoint);
  expect(parse(fs.readFileSync(path.join(chart, 'Chart.yaml'), 'utf8')).icon).toBe(`${ MIRROR }/assets/${ pkg.name }/icon.svg`);
  // Only the endpoint differs in what Rancher installs; values.yaml keeps its comments for the admin who reads it.
  original.find((d) => d.kind === 'UIPlugin').spec.plugin.endpoint = endpoint;
  expect(pulled).toStrictEqual(original);
  expect(fs.readFileSync(path.join(chart, 'values.yaml'), 'utf8')).toContain('override it when this repository is mirrored elsewhere');
  expect(logs.join('\n')).toContain(`Rancher downloads the extension from ${ endpoint }`);
  expect(logs.join('\n')).not.toContain(PASSWORD);
  expect(fs.readFileSync(COMMITTED).equals(committed)).toBe(true);
}, 60000);

it('refuses a mirror that cannot work before building anything', () => {
  const plan = (mirror: string, oci: string | null = 'registry.local/charts') => () => planDistribution({
    oci: oci ?? undefined, mirror, plainHttp: false, force: false
  }, pkg);

  expect(plan(MIRROR, null)).toThrow(/--mirror applies to --oci/);
  expect(plan('mirror.internal/x')).toThrow(/--mirror "mirror.internal\/x" is not a URL/);
  expect(plan('ftp://mirror.internal/x')).toThrow(/http:\/\/ or https:\/\/ URL .* not ftp:/);
  expect(plan('https://user:secret@mirror.internal/x')).toThrow(/do not put credentials in the URL/);
  expect(plan('https://mirror.internal/x?token=1')).toThrow(/without \?query/);
  expect(planDistribution({
    oci: 'registry.local/charts', mirror: 'https://mirror.internal/x//', plainHttp: false, force: false
  }, pkg).mirror).toBe('https://mirror.internal/x');
});
