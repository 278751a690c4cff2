/**
 * Where the real stack lives on disk: binaries built from the lab's Go module (`lab/go.mod`; cached by a stamp of the module
 * files and the Go version), and one run directory with etcd's data, keys, kubeconfigs, logs and `stack.json`.
 */
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const MODULE_DIR = path.join(REPO_ROOT, 'lab');
export const TOOLS_DIR = path.join(REPO_ROOT, '.tools', 'stack');
export const BIN_DIR = path.join(TOOLS_DIR, 'bin');
/** STACK_DIR moves the run directory (a second stack beside the first, e.g. in a worktree). */
export const RUN_DIR = process.env.STACK_DIR ? path.resolve(process.env.STACK_DIR) : path.join(TOOLS_DIR, 'run');
export const STACK_FILE = path.join(RUN_DIR, 'stack.json');

export function bin(name: string): string {
  return path.join(BIN_DIR, name);
}

export function logFile(name: string): string {
  return path.join(RUN_DIR, 'logs', `${ name }.log`);
}
