/**
 * Runs the tools built from tools/chartops (building them first when missing): Helm, the registry, catalog-image,
 * rancher-version. Output is captured, never printed here: callers decide what a user sees, and a password given
 * on stdin never reaches a log.
 */
import { spawnSync } from 'node:child_process';
import { bin, ensureBuilt } from './build';

export interface ToolResult {
  status: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  input?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

let checked = false;

/** The tools built, checked once per process (the check hashes the module's files and asks Go its version). */
export function toolsReady(): void {
  if (!checked) {
    ensureBuilt();
    checked = true;
  }
}

export function runTool(name: string, args: string[], opts: RunOptions = {}): ToolResult {
  toolsReady();
  const r = spawnSync(bin(name), args, {
    cwd: opts.cwd, input: opts.input, env: opts.env || process.env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024
  });

  if (r.error) {
    throw new Error(`${ name }: ${ r.error.message }`);
  }

  return {
    status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr
  };
}

/** Helm with its own config, cache and data in `home` (never the user's), so a run changes nothing outside it. */
export function helmEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HELM_CONFIG_HOME:     `${ home }/config`,
    HELM_CACHE_HOME:      `${ home }/cache`,
    HELM_DATA_HOME:       `${ home }/data`,
    HELM_REGISTRY_CONFIG: `${ home }/config/registry.json`,
    ...extra,
  };
}

export function helm(args: string[], opts: RunOptions = {}): ToolResult {
  return runTool('helm', args, opts);
}

/** The last meaningful line of a tool's stderr, for an error message. */
export function lastLine(r: ToolResult): string {
  const lines = `${ r.stderr }\n${ r.stdout }`.split('\n').map((l) => l.trim()).filter(Boolean);

  return lines[lines.length - 1] || `exit ${ r.status }`;
}
