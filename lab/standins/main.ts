/**
 * The stack's stand-ins for what needs hardware or a datapath (docs/demo-mode.md names each and its boundary), in
 * one process the stack starts after its clusters: KubeVirt on harvester-host (kubevirt.ts), kube-vip in rke2-guest,
 * and in k3s-bare once the set-up's provider chart has deployed its DaemonSet (kubeVip.ts), Longhorn on harvester-host (longhorn.ts), the status of rke2-guest's Deployments the stack runs as
 * processes (podState.ts). Nothing Harvester's controllers decide is decided here.
 *   tsx lab/standins/main.ts --host <api url> --guest <api url> --bare <api url> --token-file <file with the stack's admin token>
 */
import fs from 'node:fs';
import { startKubevirt } from './kubevirt';
import { startKubeVip } from './kubeVip';
import { startLonghorn } from './longhorn';
import { startPodState } from './podState';

function arg(name: string): string {
  const i = process.argv.indexOf(`--${ name }`);

  if (i < 0 || !process.argv[i + 1]) {
    throw new Error(`--${ name } is required`);
  }

  return process.argv[i + 1];
}

const log = (l: string) => process.stdout.write(`${ new Date().toISOString() } ${ l }\n`);
const token = fs.readFileSync(arg('token-file'), 'utf8').trim();
const informers = [
  startKubevirt({ url: arg('host'), token }, log),
  startKubeVip({ url: arg('guest'), token }, log),
  // The DaemonSet the provider chart's kube-vip dependency renders (harvester/charts charts/harvester-cloud-provider).
  startKubeVip({ url: arg('bare'), token }, log, 'kube-system/kube-vip'),
  startLonghorn({ url: arg('host'), token }, log),
  startPodState({ url: arg('guest'), token }, log),
];

Promise.all(informers.map((i) => i.synced)).then(() => log('[stand-ins] synced'));
process.on('SIGTERM', () => {
  informers.forEach((i) => i.stop());
  process.exit(0);
});
