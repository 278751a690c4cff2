/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../simulator');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);

    return e.isDirectory() ? tsFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Relative imports and re-exports of a module, resolved to files of the simulator. */
function importsOf(file: string, known: Set<string>): string[] {
  const src = fs.readFileSync(file, 'utf8');
  const out: string[] = [];

  for (const m of src.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)) {
    const base = path.resolve(path.dirname(file), m[1]);
    const hit = [`${ base }.ts`, path.join(base, 'index.ts')].find((f) => known.has(f));

    if (hit) {
      out.push(hit);
    }
  }

  return out;
}

describe('the simulator\'s modules', () => {
  it('import each other without cycles (a cycle makes load order decide what is undefined)', () => {
    const files = tsFiles(ROOT);
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (f: string, stack: string[]) => {
      if (stack.includes(f)) {
        cycles.push([...stack.slice(stack.indexOf(f)), f].map((p) => path.relative(ROOT, p)).join(' -> '));

        return;
      }
      if (done.has(f)) {
        return;
      }
      (graph.get(f) || []).forEach((d) => visit(d, [...stack, f]));
      done.add(f);
    };

    files.forEach((f) => visit(f, []));
    expect(cycles).toEqual([]);
  });
});
