/**
 * Watches Rancher's Connected condition of rke2-guest and harvester-host until SIGTERM, then prints each drop and
 * where it fell in the cluster's Steve tunnel session (lab/stack/rancher/connectedWatch.ts). scripts/test-rancher.sh
 * runs it beside the flows on Rancher's server.
 *   tsx scripts/stack/connectedWatch.ts   (STACK_DIR from the environment)
 */
import fs from 'node:fs';
import { logFile } from '../../lab/core/paths';
import { rancherRequest } from '../../lab/stack/rancher/rancherApi';
import { rancherAdminToken } from '../../lab/stack/rancher/state';
import { describe, sessionStarts, watchConnected } from '../../lab/stack/rancher/connectedWatch';

const token = rancherAdminToken();
const started = Date.now();
const watch = watchConnected(async(cluster) => {
  const r = await rancherRequest('GET', `/v1/management.cattle.io.clusters/${ cluster }`, token);

  return r.status === 200 ? (r.body?.status?.conditions || []).find((c: { type: string }) => c.type === 'Connected') || null : null;
});

async function finish(): Promise<void> {
  const drops = await watch.stop();
  let log = '';

  try {
    log = fs.readFileSync(logFile('rancher'), 'utf8');
  } catch (e) {}
  console.log(describe(drops, sessionStarts(log), (Date.now() - started) / 60000).join('\n'));
  process.exit(0);
}

process.on('SIGTERM', finish);
process.on('SIGINT', finish);
