/**
 * The stack's Helm repository lists the version published before the one under test, moved to the stack's server
 * (scripts/stack/previousVersion.ts), so Rancher's Extensions page offers an upgrade: the chart Helm renders must
 * point Rancher's UIPlugin at the stack's copy of that version's files, and nothing else of it may change.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { publish } from '../../scripts/publish/publish';
import { addPublishedVersion, previousPublished, replaceLine } from '../../scripts/stack/previousVersion';
import {
  BASE_URL, fakeBuild, makeRepo, NAME, setVersion
} from './fixture';
import { helmTemplate } from './helm';

const STACK = 'http://127.0.0.1:27606';
const roots: string[] = [];

afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

async function published(versions: string[], baseUrl: string): Promise<string> {
  const root = makeRepo(versions[0]);

  roots.push(root);
  for (const v of versions) {
    setVersion(root, v);
    await publish({
      root, name: NAME, baseUrl, build: fakeBuild(root), now: () => new Date('2026-01-02T03:04:05Z')
    });
  }

  return root;
}

it('finds the newest version published before the one under test, and none before the first', async() => {
  const root = await published(['0.1.0', '0.2.0', '0.10.0'], BASE_URL);

  expect(previousPublished(root, NAME, '0.10.0')).toBe('0.2.0');
  expect(previousPublished(root, NAME, '0.11.0')).toBe('0.10.0');
  expect(previousPublished(root, NAME, '0.1.0')).toBeUndefined();
});

it('lists the previous version beside the current one, its UIPlugin endpoint and icon on the stack\'s server', async() => {
  const root = await published(['0.1.0', '0.2.0'], BASE_URL);
  const stack = await published(['0.2.0'], STACK);

  await addPublishedVersion(root, stack, NAME, '0.1.0', STACK);
  const index = parse(readFileSync(path.join(stack, 'index.yaml'), 'utf8'));

  expect(index.entries[NAME].map((e: any) => e.version)).toEqual(['0.2.0', '0.1.0']);
  expect(readFileSync(path.join(stack, 'assets', 'index.yaml'), 'utf8')).toBe(readFileSync(path.join(stack, 'index.yaml'), 'utf8'));
  const old = index.entries[NAME][1];

  expect(old.icon).toBe(`${ STACK }/assets/${ NAME }/icon.svg`);
  // The annotations Rancher filters on are the published chart's.
  expect(old.annotations).toEqual(parse(readFileSync(path.join(root, 'charts', NAME, '0.1.0', 'Chart.yaml'), 'utf8')).annotations);
  const plugin = helmTemplate(path.join(stack, old.urls[0])).find((o) => o.kind === 'UIPlugin');

  expect(plugin.spec.plugin).toMatchObject({ version: '0.1.0', endpoint: `${ STACK }/extensions/${ NAME }/0.1.0` });
  expect(readFileSync(path.join(stack, 'extensions', NAME, '0.1.0', 'plugin', `${ NAME }-0.1.0.umd.min.js`), 'utf8')).toContain('0.1.0');
});

it('changes only the one line it names, and refuses a text where that line is missing or repeated', () => {
  const text = '# keep: this\nplugin:\n  endpoint: https://a\n  noCache: false\n';

  expect(replaceLine(text, 'endpoint', 'http://b')).toBe('# keep: this\nplugin:\n  endpoint: http://b\n  noCache: false\n');
  expect(() => replaceLine('plugin: {}\n', 'endpoint', 'x')).toThrow('expected one "endpoint:" line');
  expect(() => replaceLine('a:\n  endpoint: 1\nb:\n  endpoint: 2\n', 'endpoint', 'x')).toThrow('expected one');
});
