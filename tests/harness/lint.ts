import { execFileSync } from 'child_process';
import path from 'path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * How many problems of `ruleId` ESLint, with the project's own config, finds in each snippet linted as if it were
 * `file` (a snippet named `vue` is linted as the same path ending in .vue). In a child process: ESLint's API is ESM.
 */
export function lintCounts(file: string, snippets: Record<string, string>, ruleId: string): Record<string, number> {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const [snippets, file, ruleId] = [JSON.parse(process.argv[1]), process.argv[2], process.argv[3]];
    const out = {};
    for (const [name, code] of Object.entries(snippets)) {
      const [result] = await eslint.lintText(code, { filePath: name === 'vue' ? file.replace(/\\.ts$/, '.vue') : file });
      out[name] = result.messages.filter((m) => m.ruleId === ruleId).length;
    }
    console.log(JSON.stringify(out));`;

  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(snippets), path.join(ROOT, file), ruleId], { cwd: ROOT, encoding: 'utf8' }));
}
