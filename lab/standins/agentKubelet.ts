/**
 * What a kubelet and the Deployment controller do for the one Deployment this stack runs as a process: Rancher's
 * `cattle-cluster-agent`. It follows the Deployment: a new Pod (agent.ts) whenever its template changes — Rancher
 * changes it itself once the agent has connected (clusterdeploy: the agent's features, a new credential Secret),
 * and that second Pod is the one that runs the cluster's Steve — and a restart when the process exits
 * (restartPolicy Always, with a back-off). The old Pod is stopped before the new one starts: both would bind the
 * same ports in the agent's network namespace (a rolling update would give the new Pod a network of its own).
 *   tsx lab/standins/agentKubelet.ts <guest|host> <rancher version key>
 * STACK_BASE_PORT and STACK_DIR come from the environment, as for the rest of the stack.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiUrl, CLUSTERS } from '../core/config';
import { deleteNetns } from '../core/netns';
import { RUN_DIR } from '../core/paths';
import { isAlive, Started, stopPids } from '../core/processes';
import { agentDeployment, agentNetwork, missingSecrets, startAgentPod } from '../stack/rancher/agent';
import { agentNetns } from '../stack/rancher/state';
import { rancherVersion } from '../stack/rancher/versions';

const log = (line: string) => process.stderr.write(`${ new Date().toISOString() } ${ line }\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const [key, versionKey] = process.argv.slice(2);
  const c = CLUSTERS.find((x) => x.key === key);

  if (!c) {
    throw new Error(`kubelet: no stack cluster ${ key }`);
  }
  const v = rancherVersion(versionKey);
  const target = { url: apiUrl(c), token: fs.readFileSync(path.join(RUN_DIR, 'secrets', 'admin.token'), 'utf8').trim() };
  const network = agentNetwork(c);
  let pod: { hash: string; started: Started } | null = null;
  let backoffMs = 1000;
  let waitingFor = '';

  process.on('SIGTERM', async() => {
    await stopPids([pod?.started.child.pid, ...network.map((s) => s.child.pid)].filter(Boolean) as number[]);
    deleteNetns(agentNetns(c));
    process.exit(0);
  });
  for (;;) {
    try {
      const d = await agentDeployment(target);
      const hash = crypto.createHash('sha256').update(JSON.stringify(d.spec.template)).digest('hex');
      const running = !!pod && isAlive(pod.started.child.pid as number);

      const missing = !pod || pod.hash !== hash || !running ? await missingSecrets(target, d.spec.template.spec) : [];

      if (missing.length) {
        // Rancher writes the new credential Secret through the agent's tunnel after changing the Deployment: the
        // old Pod keeps running (and connected) until it is there, as with a rolling update.
        if (waitingFor !== missing.join()) {
          log(`the new Pod waits for Secret ${ missing.join(', ') } (generation ${ d.metadata.generation })`);
        }
        waitingFor = missing.join();
      } else if (!pod || pod.hash !== hash || !running) {
        waitingFor = '';
        if (pod && running) {
          log(`the Deployment's template changed (generation ${ d.metadata.generation }): a new Pod`);
          await stopPids([pod.started.child.pid as number]);
        } else if (pod) {
          log(`the agent exited (${ pod.started.child.exitCode }): restarted in ${ backoffMs / 1000 } s`);
          await sleep(backoffMs);
          backoffMs = Math.min(backoffMs * 2, 60000);
        }
        pod = { hash, started: await startAgentPod(v, c, target, d.spec.template.spec) };
        log(`Pod started (pid ${ pod.started.child.pid }, generation ${ d.metadata.generation })`);
      }
    } catch (e) {
      log(`${ (e as Error).message }`);
    }
    await sleep(2000);
  }
}

main().catch((e) => {
  log(`kubelet: ${ e?.message || e }`);
  process.exit(1);
});
