/**
 * Issue 35: imports go one way between the repository's top-level folders. The extension (pkg/) imports nothing
 * outside pkg/; the lab (lab/: the demo world, the simulator, the stack, the stand-ins, the backends) never imports
 * tests/ or scripts/; scripts/ may import the lab and the extension, never tests/; tests/ may import them all. So the
 * top-level graph has no cycle, and the lab can be used by both without being shaped by either.
 */
/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const TOP = ['pkg', 'lab', 'scripts', 'tests'] as const;

type Top = typeof TOP[number];

/** Which top-level folder may import which (a folder's imports of itself are always allowed). */
const ALLOWED: Record<Top, Top[]> = {
  pkg: [], lab: ['pkg'], scripts: ['lab', 'pkg'], tests: ['lab', 'pkg', 'scripts'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);

    if (e.isDirectory()) {
      return ['node_modules', 'dist'].includes(e.name) ? [] : sourceFiles(p);
    }

    return /\.(ts|vue|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const SPEC = /(?:^\s*(?:import|export)[^;]*?from\s*['"](\.[^'"]+)['"])|(?:import\(\s*['"](\.[^'"]+)['"]\s*\))|(?:require\(\s*['"](\.[^'"]+)['"]\s*\))|(?:^\s*import\s+['"](\.[^'"]+)['"])/gms;

/** Every import from one top-level folder into another, as `from -> to` with the first file that makes it. */
export function topLevelEdges(root: string, tops: readonly string[] = TOP): Map<string, string> {
  const edges = new Map<string, string>();

  tops.filter((t) => fs.existsSync(path.join(root, t))).forEach((top) => sourceFiles(path.join(root, top)).forEach((file) => {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(SPEC)) {
      const target = path.relative(root, path.resolve(path.dirname(file), m[1] || m[2] || m[3] || m[4])).split(path.sep)[0];

      if (target !== top && tops.includes(target) && !edges.has(`${ top } -> ${ target }`)) {
        edges.set(`${ top } -> ${ target }`, path.relative(root, file));
      }
    }
  }));

  return edges;
}

export function forbidden(edges: Map<string, string>): string[] {
  return [...edges].filter(([edge]) => {
    const [from, to] = edge.split(' -> ') as [Top, Top];

    return !ALLOWED[from]?.includes(to);
  }).map(([edge, file]) => `${ edge } (${ file })`);
}

describe('imports between the top-level folders', () => {
  it('go one way: pkg <- lab <- scripts <- tests', () => {
    expect(forbidden(topLevelEdges(REPO))).toEqual([]);
  });

  it('the rule fails on a lab that imports tests/ and an extension that imports the lab', () => {
    fs.mkdirSync(path.join(REPO, 'tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(REPO, 'tmp', 'top-'));

    try {
      TOP.forEach((t) => fs.mkdirSync(path.join(dir, t)));
      fs.writeFileSync(path.join(dir, 'lab', 'backend.ts'), "import { steps } from '../tests/steps';\nexport const b = steps;\n");
      fs.writeFileSync(path.join(dir, 'tests', 'steps.ts'), "import { b } from '../lab/backend';\nexport const steps = b;\n");
      fs.writeFileSync(path.join(dir, 'pkg', 'index.ts'), "const load = () => import('../lab/backend');\nexport default load;\n");
      expect(forbidden(topLevelEdges(dir))).toEqual(['pkg -> lab (pkg/index.ts)', 'lab -> tests (lab/backend.ts)']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
