/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

// Small files with one job each: the extension's sources stay under 300 lines (issue 21), so a decision has a
// module of its own instead of growing inside a component.
const PKG = path.resolve(__dirname, '../../pkg/harvester-cloud-ui');
const LIMIT = 300;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);

    if (e.isDirectory()) {
      return e.name === 'node_modules' ? [] : sources(p);
    }

    return /\.(ts|vue|js)$/.test(e.name) ? [p] : [];
  });
}

describe('the extension\'s source files', () => {
  it(`have at most ${ LIMIT } lines each`, () => {
    const long = sources(PKG)
      .map((f) => ({ file: path.relative(PKG, f), lines: fs.readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > LIMIT);

    expect(long).toEqual([]);
  });
});
