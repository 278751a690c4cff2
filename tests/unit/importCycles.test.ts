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

  for (const m of src.matchAll(/^\s*(?:import|export)[^;]*?from '(\.[^']+)'|import\('(\.[^']+)'\)|require\('(\.[^']+)'\)/gms)) {
    const base = path.resolve(path.dirname(file), m[1] || m[2] || m[3]);
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

/**
 * Cycles between the folders of a package (its top-level folders; files at its root are one more node): a folder
 * that imports another which imports it back has no floor, even when no two files import each other. The first
 * file import that makes each edge is named. With `trees` (folders of `root`), their files are one graph whose nodes
 * are each tree's folders (`lab/simulator/real`, `lab/stack/.`): a loop through two trees, which neither shows alone.
 */
function folderCyclesIn(root: string, trees: string[] = ['.']): string[] {
  const dirs = trees.map((t) => path.join(root, t));
  const files = dirs.flatMap((d) => sourceFiles(d));
  const known = new Set(files);
  const folderOf = (f: string) => {
    const i = dirs.findIndex((d) => !path.relative(d, f).startsWith('..'));
    const rel = path.relative(dirs[i], f).split(path.sep);
    const folder = rel.length > 1 ? rel[0] : '.';

    return trees[i] === '.' ? folder : `${ trees[i] }/${ folder }`;
  };
  const edges = new Map<string, Map<string, string>>();

  files.forEach((f) => importsOf(f, known).forEach((d) => {
    const [a, b] = [folderOf(f), folderOf(d)];

    if (a !== b && !edges.get(a)?.has(b)) {
      edges.set(a, (edges.get(a) || new Map()).set(b, `${ path.relative(root, f) } imports ${ path.relative(root, d) }`));
    }
  }));
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (n: string, stack: string[]) => {
    if (stack.includes(n)) {
      const loop = [...stack.slice(stack.indexOf(n)), n];

      cycles.push(`${ loop.join(' -> ') } (${ loop.slice(1).map((b, i) => edges.get(loop[i])?.get(b)).join('; ') })`);

      return;
    }
    if (!done.has(n)) {
      [...(edges.get(n)?.keys() || [])].forEach((m) => visit(m, [...stack, n]));
      done.add(n);
    }
  };

  [...edges.keys()].sort().forEach((n) => visit(n, []));

  return cycles;
}

const PACKAGES = fs.readdirSync(path.join(REPO, 'pkg'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `pkg/${ e.name }`);

// A cycle makes load order decide what is undefined, and keeps a reader from seeing which module a decision is in.
describe('modules import each other without cycles', () => {
  it.each(['lab', 'pkg/harvester-cloud-ui'])('%s (.ts and .vue, type-only imports and lazy imports included)', (dir) => {
    expect(cyclesIn(path.join(REPO, dir))).toEqual([]);
  });

  it.each([...PACKAGES, 'lab', 'lab/simulator', 'lab/stack'])('%s has no folder importing another that imports it back (every folder, .vue included)', (dir) => {
    expect(folderCyclesIn(path.join(REPO, dir))).toEqual([]);
  });

  // lab/backends starts the stack (lab/stack), which seeds from lab/world and reads lab/simulator's types.
  it('lab/simulator/ and lab/stack/ as one graph: no folder of either imports one that imports it back', () => {
    expect(folderCyclesIn(REPO, ['lab/simulator', 'lab/stack'])).toEqual([]);
  });

  it('finds a folder cycle that no two files make: a feature reading through another feature that reads back', () => {
    fs.mkdirSync(path.join(REPO, 'tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(REPO, 'tmp', 'folders-'));

    try {
      fs.mkdirSync(path.join(dir, 'overview'));
      fs.mkdirSync(path.join(dir, 'setup'));
      fs.writeFileSync(path.join(dir, 'overview', 'load.ts'), "import type { Plan } from '../setup/plan';\nexport type Load = Plan;\n");
      fs.writeFileSync(path.join(dir, 'setup', 'plan.ts'), 'export type Plan = string;\n');
      fs.writeFileSync(path.join(dir, 'setup', 'Page.vue'), "<script lang=\"ts\">\nconst load = () => import('../overview/load');\nexport default { load };\n</script>\n");
      expect(cyclesIn(dir)).toEqual([]);
      expect(folderCyclesIn(dir)).toEqual(['overview -> setup -> overview (overview/load.ts imports setup/plan.ts; setup/Page.vue imports overview/load.ts)']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds a folder cycle through two trees that neither tree shows alone', () => {
    fs.mkdirSync(path.join(REPO, 'tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(REPO, 'tmp', 'trees-'));

    try {
      ['sim/real', 'sim/demo', 'stack'].forEach((d) => fs.mkdirSync(path.join(dir, d), { recursive: true }));
      fs.writeFileSync(path.join(dir, 'sim', 'real', 'fromStack.ts'), "import { start } from '../../stack/stack';\nexport const run = start;\n");
      fs.writeFileSync(path.join(dir, 'sim', 'real', 'types.ts'), 'export type Run = string;\n');
      fs.writeFileSync(path.join(dir, 'sim', 'demo', 'seed.ts'), "import type { Run } from '../real/types';\nexport const seed = (r?: Run) => r;\n");
      fs.writeFileSync(path.join(dir, 'stack', 'stack.ts'), "import { seed } from '../sim/demo/seed';\nexport const start = seed;\n");
      expect(cyclesIn(dir)).toEqual([]);
      expect(folderCyclesIn(path.join(dir, 'sim'))).toEqual([]);
      expect(folderCyclesIn(path.join(dir, 'stack'))).toEqual([]);
      expect(folderCyclesIn(dir, ['sim', 'stack'])).toEqual([
        'sim/demo -> sim/real -> stack/. -> sim/demo (sim/demo/seed.ts imports sim/real/types.ts; sim/real/fromStack.ts imports stack/stack.ts; stack/stack.ts imports sim/demo/seed.ts)',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
