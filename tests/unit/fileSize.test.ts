/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Small files with one job each: every source file of the repository stays under 300 lines (issue 21 for the
// extension, then the simulator, the stack, the tests, the scripts and the tools), so a decision has a module of its
// own instead of growing inside another.
const REPO = path.resolve(__dirname, '../..');
const LIMIT = 300;
const SOURCE = /\.(ts|vue|js|mjs|go|sh)$/;
/** Not written here: packages, the published Helm repository (extensions/, assets/, charts/), builds, tools, run data. */
const NOT_OURS = /(^|\/)node_modules\/|^(extensions|assets|charts|dist-pkg|\.tools|tmp)\//;

/** The source files of a git checkout: tracked ones, and new ones git does not ignore (held to the limit before commit). */
function sourceFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024
  });

  return [...new Set(listed.split('\0'))]
    .filter((f) => SOURCE.test(f) && !NOT_OURS.test(f) && fs.existsSync(path.join(root, f)));
}

function overLimit(root: string): { file: string; lines: number }[] {
  return sourceFiles(root)
    .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > LIMIT);
}

describe('the repository\'s source files', () => {
  it(`have at most ${ LIMIT } lines each`, () => {
    expect(overLimit(REPO)).toEqual([]);
  });

  it('are every source file of the checkout, new ones too, and none of the packages, the Helm repository or builds', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-size-'));
    const write = (file: string, lines: number) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), 'x\n'.repeat(lines));
    };

    try {
      execFileSync('git', ['init', '-q'], { cwd: dir, stdio: 'ignore' });
      write('lab/simulator/long.ts', LIMIT + 1);
      write('lab/stack/cmd/main.go', LIMIT + 1);
      write('scripts/run.sh', LIMIT + 1);
      write('pkg/x/Page.vue', LIMIT);
      write('notes.md', LIMIT + 1);
      ['node_modules/a/index.js', 'extensions/x/1.0.0/plugin/x.umd.min.js', 'assets/x/x.js', 'charts/x/x.js', 'dist-pkg/x/x.js', '.tools/x/x.go', 'tmp/x.ts']
        .forEach((f) => write(f, LIMIT + 1));

      expect(overLimit(dir).map((f) => f.file).sort()).toEqual(['lab/simulator/long.ts', 'lab/stack/cmd/main.go', 'scripts/run.sh']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
