import fs from 'node:fs';
import path from 'node:path';
import { SetupServerApi } from 'msw/node';

const OUT = path.resolve(__dirname, '..', '..', 'tmp', 'bench');

/** Writes one measurement for scripts/bench to print. */
export function record(name: string, value: unknown): void {
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${ name }.json`), JSON.stringify(value, null, 2));
}

export interface RequestTally { requests: { method: string; url: string; bytes: number }[] }

/** Counts the requests msw answers, with the size of each answer's body. */
export function tallyRequests(server: SetupServerApi): RequestTally {
  const tally: RequestTally = { requests: [] };

  server.events.on('response:mocked', async({ request, response }) => {
    const body = await response.clone().text();

    tally.requests.push({
      method: request.method, url: new URL(request.url).pathname + new URL(request.url).search, bytes: Buffer.byteLength(body)
    });
  });

  return tally;
}
