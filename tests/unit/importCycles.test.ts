/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);

    if (e.isDirectory()) {
      return e.name === 'node_modules' ? [] : sourceFiles(p);
    }

    return /\.(ts|vue)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Relative imports and re-exports of a module (type-only ones too), resolved to files of the same tree. */
function importsOf(file: string, known: Set<string>): string[] {
  const src = fs.readFileSync(file, 'utf8');
  const out: string[] = [];

  for (const m of src.matchAll(/^\s*(?:import|export)[^;]*?from '(\.[^']+)'|import\('(\.[^']+)'\)/gms)) {
    const base = path.resolve(path.dirname(file), m[1] || m[2]);
    const hit = [base, `${ base }.ts`, `${ base }.vue`, path.join(base, 'index.ts')].find((f) => known.has(f));

    if (hit) {
      out.push(hit);
    }
  }

  return out;
}

function cyclesIn(root: string): string[] {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (f: string, stack: string[]) => {
    if (stack.includes(f)) {
      cycles.push([...stack.slice(stack.indexOf(f)), f].map((p) => path.relative(root, p)).join(' -> '));

      return;
    }
    if (done.has(f)) {
      return;
    }
    (graph.get(f) || []).forEach((d) => visit(d, [...stack, f]));
    done.add(f);
  };

  files.forEach((f) => visit(f, []));

  return cycles;
}

// A cycle makes load order decide what is undefined, and keeps a reader from seeing which module a decision is in.
describe('modules import each other without cycles', () => {
  it.each(['simulator', 'pkg/harvester-cloud-ui', 'stack/src'])('%s (.ts and .vue, type-only imports and lazy imports included)', (dir) => {
    expect(cyclesIn(path.join(REPO, dir))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    fs.mkdirSync(path.join(REPO, 'tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(REPO, 'tmp', 'cycles-'));

    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
      fs.writeFileSync(path.join(dir, 'b.vue'), "<script lang=\"ts\">\nimport { A } from './a';\n</script>\n");
      expect(cyclesIn(dir)).toEqual(['a.ts -> b.vue -> a.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
