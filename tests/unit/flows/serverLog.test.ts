/**
 * tests/flows/lib/serverLog.ts: a failed flow on Rancher's server names the errors Rancher logged meanwhile, each
 * once, the newest last, and never a line that carries a credential.
 */
import { errorLines } from '../../flows/lib/serverLog';

const log = [
  '2026/11/29 11:55:01 [INFO] Watching metadata for catalog.cattle.io/v1, Kind=App',
  '2026/11/29 11:55:02 [ERROR] failed to check connectivity of cluster [c-m-rke2g001]: timeout',
  '2026/11/29 11:55:03 [ERROR] error syncing \'cattle-ui-plugin-system/harvester-cloud-ui\': handler plugin: not found',
  '2026/11/29 11:55:17 [ERROR] failed to check connectivity of cluster [c-m-rke2g001]: timeout',
  '2026/11/29 11:55:18 [ERROR] Bootstrap Password: abcdefg',
  'time="2026-11-29T11:55:19Z" level=error msg="token t-123 refused"',
  'time="2026-11-29T11:55:20Z" level=fatal msg="leaderelection lost for cattle-controllers"',
].join('\n');

describe('the errors Rancher logged during a failed flow', () => {
  it('are its error lines, each once, in the order last seen', () => {
    expect(errorLines(log)).toEqual([
      '2026/11/29 11:55:03 [ERROR] error syncing \'cattle-ui-plugin-system/harvester-cloud-ui\': handler plugin: not found',
      '2026/11/29 11:55:17 [ERROR] failed to check connectivity of cluster [c-m-rke2g001]: timeout',
      'time="2026-11-29T11:55:20Z" level=fatal msg="leaderelection lost for cattle-controllers"',
    ]);
  });

  it('leave out every line that names a password or a token', () => {
    expect(errorLines(log, 10).join('\n')).not.toMatch(/abcdefg|t-123/);
  });

  it('are none when nothing failed', () => {
    expect(errorLines('2026/11/29 11:55:01 [INFO] Rancher startup complete')).toEqual([]);
  });
});

describe('what Rancher logged all along', () => {
  it('is no news of a flow: an error it logged before the flow began is left out', () => {
    const known = new Set(['[ERROR] Failed to find system chart fleet will try again in 5 seconds: configmaps "" not found']);
    const during = [
      '2026/11/29 11:56:01 [ERROR] Failed to find system chart fleet will try again in 5 seconds: configmaps "" not found',
      '2026/11/29 11:56:02 [ERROR] Error during subscribe websocket: close sent',
    ].join('\n');

    expect(errorLines(during, 3, known)).toEqual(['2026/11/29 11:56:02 [ERROR] Error during subscribe websocket: close sent']);
  });
});
