/**
 * The Helm the stack installs the extension with: the project's own build of helm.sh/helm (tools/chartops, from the
 * Go module proxy), built once by lab/chartops/build.ts.
 */
import { bin, ensureBuilt } from '../../chartops/build';

export function helmBinary(log?: (line: string) => void): string {
  ensureBuilt(log);

  return bin('helm');
}
