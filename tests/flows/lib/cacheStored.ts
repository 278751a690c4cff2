/**
 * Waits for the e2e dev server's webpack cache to be stored after its first compile. On a cold cache the store
 * serializes about 1.4 GB in the dev server's own process, right after the compile (tests/flows/lib/
 * dashboard.vue.config.js): a flow's first page load beside it waited past its 180 s on a busy machine (the
 * empty-GOCACHE run of 2026-11-28). The config logs "Storing pack..." and "Stored pack (…)"; nothing to store logs
 * neither (a warm cache and an unchanged tree).
 */
import fs from 'node:fs';

export type StoreWait = { stored: boolean; seconds: number };

const NOTHING_TO_STORE_MS = 10000;
const STORE_TIMEOUT_MS = 15 * 60 * 1000;

function read(file: string, from: number): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(from);
  } catch (e) {
    return '';
  }
}

/** Resolves once the log (read from character `from`) says the pack is stored, or nothing began storing in 10 s. */
export async function cacheStored(logFile: string, from: number, pollMs = 500, quietMs = NOTHING_TO_STORE_MS): Promise<StoreWait> {
  const start = Date.now();

  while (Date.now() - start < STORE_TIMEOUT_MS) {
    const text = read(logFile, from);

    if (/Stored pack/.test(text)) {
      return { stored: true, seconds: Math.round((Date.now() - start) / 1000) };
    }
    if (!/Storing pack/.test(text) && Date.now() - start >= quietMs) {
      return { stored: false, seconds: Math.round((Date.now() - start) / 1000) };
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`webpack's cache was not stored within ${ STORE_TIMEOUT_MS / 60000 } min: see ${ logFile }`);
}
