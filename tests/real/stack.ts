/**
 * The real stack for the tests in tests/real: started once by scripts/test-real.sh (fresh), joined here; started
 * here when a test file runs alone (`npx jest -c jest.real.config.js tests/real/x.real.ts`).
 */
import { StackInfo, startStack } from '../../lab/stack/stack';

let info: Promise<StackInfo> | null = null;

export function realStack(): Promise<StackInfo> {
  info = info || startStack({ log: () => undefined });

  return info;
}
