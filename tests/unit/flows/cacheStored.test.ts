/**
 * tests/flows/lib/cacheStored.ts: the e2e suite starts its flows only after the dev server has stored webpack's
 * cache (a cold store held up the first page load past its timeout), and does not wait when nothing is stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cacheStored } from '../../flows/lib/cacheStored';

function logFile(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hcui-devlog-')), 'dashboard.log');

  fs.writeFileSync(file, text);

  return file;
}

const settledWithin = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe('waiting for the dev server to store webpack\'s cache', () => {
  it('waits while a store is under way and goes on once it is stored', async() => {
    const file = logFile('compiled\n<i> [webpack.cache.PackFileCacheStrategy] Storing pack...\n');
    const wait = cacheStored(file, 0, 10, 50);

    expect(await settledWithin(wait, 300)).toBe(false);
    fs.appendFileSync(file, '<i> [webpack.cache.PackFileCacheStrategy] Stored pack (52030 items, 17 files, 1301 MiB)\n');
    await expect(wait).resolves.toMatchObject({ stored: true });
  });

  it('does not wait when nothing begins storing', async() => {
    await expect(cacheStored(logFile('compiled\n'), 0, 10, 50)).resolves.toMatchObject({ stored: false });
  });

  it('reads only what the dev server wrote after the offset it is given', async() => {
    const file = logFile('Stored pack (an earlier run)\nStoring pack...\n');
    const wait = cacheStored(file, 'Stored pack (an earlier run)\n'.length, 10, 50);

    expect(await settledWithin(wait, 300)).toBe(false);
    fs.appendFileSync(file, 'Stored pack (1 items, 1 files, 0 MiB)\n');
    await expect(wait).resolves.toMatchObject({ stored: true });
  });
});
