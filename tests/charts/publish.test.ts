import { createHash } from 'node:crypto';
import {
  existsSync, readFileSync, rmSync, statSync, writeFileSync
} from 'node:fs';
import path from 'node:path';
import { parse, parseDocument } from 'yaml';
import { readArchive } from '../../scripts/publish/archive';
import { publish } from '../../scripts/publish/publish';
import {
  ANNOTATIONS, BASE_URL, fakeBuild, ICON, makeRepo, NAME, setVersion, snapshot
} from './fixture';
import { helmTemplate } from './helm';

const T1 = new Date('2026-01-02T03:04:05.678Z');
const T2 = new Date('2026-02-03T04:05:06.789Z');
const T3 = new Date('2026-03-04T05:06:07.890Z');
const ARCHIVE_1 = `assets/${ NAME }/${ NAME }-0.1.0.tgz`;
const ARCHIVE_2 = `assets/${ NAME }/${ NAME }-0.2.0.tgz`;

const roots: string[] = [];

function repo(version = '0.1.0') {
  const root = makeRepo(version);

  roots.push(root);

  return root;
}

function run(root: string, now: Date, extra: { force?: boolean; calls?: string[] } = {}) {
  return publish({
    root, name: NAME, baseUrl: BASE_URL, force: extra.force, build: fakeBuild(root, extra.calls), now: () => now
  });
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
const sha256 = (root: string, file: string) => createHash('sha256').update(readFileSync(path.join(root, file))).digest('hex');
/** Index parsed with every scalar kept as its source string, to compare fields exactly. */
const rawIndex = (root: string) => parseDocument(read(root, 'index.yaml'), { schema: 'failsafe' }).toJS();
const entries = (root: string) => parse(read(root, 'index.yaml')).entries[NAME] as any[];

/** Renders the archived chart with Helm, as Rancher installs it from the Extensions page. */
async function renderUIPlugin(root: string, archive: string) {
  const docs = helmTemplate(path.join(root, archive), { release: NAME });

  expect(docs).toHaveLength(1);

  return docs[0];
}

afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe('publish: first version', () => {
  let root: string;
  let result: Awaited<ReturnType<typeof publish>>;

  beforeAll(async() => {
    root = repo();
    result = await run(root, T1);
  });

  it('packs the chart as `helm package` does: one top folder, Chart.yaml, values.yaml, templates, 0644 files', async() => {
    const archived = await readArchive(path.join(root, ARCHIVE_1));

    expect(archived.map((e) => e.path)).toStrictEqual([
      `${ NAME }/Chart.yaml`, `${ NAME }/values.yaml`, `${ NAME }/templates/cr.yaml`, `${ NAME }/README.md`,
    ]);
    for (const entry of archived) {
      expect(entry.type).toBe('File');
      expect(entry.mode).toBe(0o644);
      expect(entry.uid ?? 0).toBe(0);
      expect(entry.gid ?? 0).toBe(0);
      // mtime: the version's first publish time (whole seconds)
      expect(entry.mtime?.getTime()).toBe(Math.floor(T1.getTime() / 1000) * 1000);
      // the archive holds exactly the files committed under charts/<name>/<version>/
      expect(entry.content).toBe(read(root, `charts/${ NAME }/0.1.0/${ entry.path.slice(NAME.length + 1) }`));
    }
  });

  it('writes a Chart.yaml with the annotations Rancher lists and checks extensions by', async() => {
    const chartYaml = (await readArchive(path.join(root, ARCHIVE_1))).find((e) => e.path === `${ NAME }/Chart.yaml`);
    const chart = parse(chartYaml!.content);

    expect(chart).toStrictEqual({
      apiVersion:  'v2',
      name:        NAME,
      version:     '0.1.0',
      appVersion:  '0.1.0',
      type:        'application',
      description: 'Harvester Cloud Provider: load balancer, host storage and topology',
      icon:        `${ BASE_URL }/assets/${ NAME }/icon.svg`,
      annotations: {
        'catalog.cattle.io/certified':    'rancher',
        'catalog.cattle.io/namespace':    'cattle-ui-plugin-system',
        'catalog.cattle.io/os':           'linux',
        'catalog.cattle.io/permits-os':   'linux, windows',
        'catalog.cattle.io/scope':        'management',
        'catalog.cattle.io/ui-component': 'plugins',
        ...ANNOTATIONS,
      },
    });
    // keys sorted, as helm writes Chart.yaml into the archive
    expect(Object.keys(chart)).toStrictEqual([...Object.keys(chart)].sort());
  });

  it('publishes the icon as a file of the repository, where Chart.yaml\'s absolute icon URL points', async() => {
    const chartYaml = (await readArchive(path.join(root, ARCHIVE_1))).find((e) => e.path === `${ NAME }/Chart.yaml`);
    const { icon } = parse(chartYaml!.content);
    const file = icon.slice(`${ BASE_URL }/`.length);

    // helm lint refuses anything but an absolute URL; under the base URL it is this repository's file
    expect(icon).toBe(`${ BASE_URL }/assets/${ NAME }/icon.svg`);
    expect(read(root, file)).toBe(ICON);
    expect(statSync(path.join(root, file)).mode & 0o777).toBe(0o644);
    // index.yaml lists the same URL, so ?link=icon finds it
    expect(entries(root)[0].icon).toBe(icon);
  });

  it('lists the archive in index.yaml with the fields `helm repo index` writes', () => {
    const index = parse(read(root, 'index.yaml'));
    const [entry] = index.entries[NAME];
    const chart = parse(read(root, `charts/${ NAME }/0.1.0/Chart.yaml`));

    expect(index.apiVersion).toBe('v1');
    expect(index.entries[NAME]).toHaveLength(1);
    expect(entry).toStrictEqual({
      ...chart,
      urls:    [ARCHIVE_1],
      digest:  sha256(root, ARCHIVE_1),
      created: T1.toISOString(),
    });
    expect(result.digest).toBe(entry.digest);
    expect(existsSync(path.join(root, entry.urls[0]))).toBe(true);
    expect(new Date(index.generated).getTime()).toBe(T1.getTime());
    // timestamps stay strings for helm's (YAML 1.1) reader
    expect(read(root, 'index.yaml')).toContain(`created: "${ T1.toISOString() }"`);
    expect(Object.keys(entry)).toStrictEqual([...Object.keys(entry)].sort());
    // the Git-repo view (Rancher finds assets/index.yaml first) lists the same
    expect(read(root, 'assets/index.yaml')).toBe(read(root, 'index.yaml'));
  });

  it('renders a UIPlugin pointing at the extension built for this version', async() => {
    expect(await renderUIPlugin(root, ARCHIVE_1)).toStrictEqual({
      apiVersion: 'catalog.cattle.io/v1',
      kind:       'UIPlugin',
      metadata:   {
        name:      NAME,
        namespace: 'cattle-ui-plugin-system',
        labels:    {
          'app.kubernetes.io/name':       NAME,
          'app.kubernetes.io/instance':   NAME,
          'app.kubernetes.io/version':    '0.1.0',
          'app.kubernetes.io/managed-by': 'Helm',
          'helm.sh/chart':                `${ NAME }-0.1.0`,
        },
      },
      spec: {
        plugin: {
          name:     NAME,
          version:  '0.1.0',
          endpoint: `${ BASE_URL }/extensions/${ NAME }/0.1.0`,
          noCache:  false,
          noAuth:   false,
          metadata: ANNOTATIONS,
        },
      },
    });
  });

  it('puts the built extension where the endpoint points, with the files.txt Rancher downloads from', () => {
    const ext = `extensions/${ NAME }/0.1.0`;

    expect(read(root, `${ ext }/files.txt`)).toBe([
      `plugin/${ NAME }-0.1.0.umd.min.1.js`,
      `plugin/${ NAME }-0.1.0.umd.min.js`,
      'plugin/img/logo.svg',
      'plugin/package.json',
      '',
    ].join('\n'));
    for (const file of read(root, `${ ext }/files.txt`).split('\n').filter(Boolean)) {
      expect(existsSync(path.join(root, ext, file))).toBe(true);
    }
    expect(existsSync(path.join(root, ext, 'plugin', 'report.html'))).toBe(false);
    const built = JSON.parse(read(root, `${ ext }/plugin/package.json`));

    // Rancher compares this version with the UIPlugin's and loads "main"
    expect(built.version).toBe('0.1.0');
    expect(existsSync(path.join(root, ext, 'plugin', built.main))).toBe(true);
  });
});

describe('publish: versions', () => {
  it('adds a bumped version beside the first and leaves everything of the first untouched', async() => {
    const root = repo();

    await run(root, T1);
    const before = snapshot(root);
    const firstEntry = rawIndex(root).entries[NAME][0];

    setVersion(root, '0.2.0');
    const second = await run(root, T2);

    // every file of 0.1.0 is byte-for-byte what it was
    const after = snapshot(root);

    for (const [file, bytes] of Object.entries(before)) {
      if (file.includes('0.1.0') && !file.startsWith('dist-pkg')) {
        expect([file, after[file]]).toStrictEqual([file, bytes]);
      }
    }
    // both listed, newest first; 0.1.0's entry keeps every field, including its created time
    expect(entries(root).map((e) => e.version)).toStrictEqual(['0.2.0', '0.1.0']);
    expect(rawIndex(root).entries[NAME][1]).toStrictEqual(firstEntry);
    expect(entries(root)[0]).toMatchObject({
      urls: [ARCHIVE_2], digest: sha256(root, ARCHIVE_2), created: T2.toISOString(), appVersion: '0.2.0'
    });
    expect(second.endpoint).toBe(`${ BASE_URL }/extensions/${ NAME }/0.2.0`);
    expect((await renderUIPlugin(root, ARCHIVE_2)).spec.plugin).toMatchObject({ version: '0.2.0', endpoint: `${ BASE_URL }/extensions/${ NAME }/0.2.0` });
    expect((await renderUIPlugin(root, ARCHIVE_1)).spec.plugin.endpoint).toBe(`${ BASE_URL }/extensions/${ NAME }/0.1.0`);
    expect(existsSync(path.join(root, `extensions/${ NAME }/0.2.0/plugin/${ NAME }-0.2.0.umd.min.js`))).toBe(true);
  });

  it('does not rebuild or rewrite a version that is already published', async() => {
    const root = repo();
    const calls: string[] = [];

    await run(root, T1, { calls });
    const before = snapshot(root);
    const archiveTime = statSync(path.join(root, ARCHIVE_1)).mtimeMs;
    const again = await run(root, T2, { calls });

    expect(again.status).toBe('already-published');
    expect(calls).toStrictEqual(['0.1.0']);
    expect(snapshot(root)).toStrictEqual(before);
    expect(statSync(path.join(root, ARCHIVE_1)).mtimeMs).toBe(archiveTime);
  });

  it('with --force rebuilds the version and, the content being the same, yields the same digest', async() => {
    const root = repo();
    const first = await run(root, T1);
    const bytes = readFileSync(path.join(root, ARCHIVE_1));
    const index = read(root, 'index.yaml');
    const calls: string[] = [];
    const forced = await run(root, T3, { force: true, calls });

    expect(forced.status).toBe('published');
    expect(calls).toStrictEqual(['0.1.0']);
    expect(forced.digest).toBe(first.digest);
    expect(readFileSync(path.join(root, ARCHIVE_1)).equals(bytes)).toBe(true);
    // nothing changed, so the index (even its generated time) is left as it was
    expect(read(root, 'index.yaml')).toBe(index);
    expect(entries(root)).toHaveLength(1);
    expect(entries(root)[0]).toMatchObject({ created: T1.toISOString(), digest: first.digest });
  });

  it('with --force and changed content, replaces that version only and keeps its first publish time', async() => {
    const root = repo();

    await run(root, T1);
    setVersion(root, '0.2.0');
    await run(root, T2);
    const firstEntry = rawIndex(root).entries[NAME][1];
    const before = entries(root)[0];

    // same version, new description: a different chart, so a different archive
    const pkgFile = path.join(root, 'pkg', NAME, 'package.json');

    writeFileSync(pkgFile, read(root, `pkg/${ NAME }/package.json`).replace('and topology', 'and topology views'));
    const forced = await run(root, T3, { force: true });

    expect(forced.digest).not.toBe(before.digest);
    expect(entries(root).map((e) => e.version)).toStrictEqual(['0.2.0', '0.1.0']);
    expect(entries(root)[0]).toMatchObject({
      created: T2.toISOString(), digest: sha256(root, ARCHIVE_2), description: expect.stringContaining('topology views')
    });
    expect(rawIndex(root).entries[NAME][1]).toStrictEqual(firstEntry);
    expect(new Date(parse(read(root, 'index.yaml')).generated).getTime()).toBe(T3.getTime());
  });

  it('lists an existing archive that the index lost', async() => {
    const root = repo();
    const first = await run(root, T1);

    rmSync(path.join(root, 'index.yaml'));
    rmSync(path.join(root, 'assets/index.yaml'));
    const again = await run(root, T2);

    expect(again.status).toBe('already-published');
    expect(entries(root)).toStrictEqual([expect.objectContaining({
      version: '0.1.0', digest: first.digest, urls: [ARCHIVE_1]
    })]);
  });
});
