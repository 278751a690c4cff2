import fs from 'node:fs';
import path from 'node:path';

const OUT = path.resolve(__dirname, '..', '..', 'tmp', 'bench');

/** Writes one measurement for tests/bench to print. */
export function record(name: string, value: unknown): void {
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${ name }.json`), JSON.stringify(value, null, 2));
}
