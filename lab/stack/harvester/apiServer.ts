/**
 * The stand-in of Harvester's API server (lab/standins/harvester-api: `POST /v1/harvester/kubeconfig`) as Harvester's
 * own account runs it: a ServiceAccount in harvester-system bound to cluster-admin (Harvester's chart binds its
 * server so). Real mode serves it on loopback, where the simulated Rancher's proxy forwards the host's
 * `/v1/harvester/` paths (lab/backends/real/proxy.ts); Rancher mode dials it in to the agent (../rancher/harvesterApi.ts).
 */
import { BASE_PORT } from '../../core/config';
import { KubeTarget } from '../../core/kubeClient';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bin, RUN_DIR } from '../../core/paths';
import { startProcess, Started } from '../../core/processes';
import { bindClusterRole, serviceAccountKubeconfig } from '../../core/serviceAccounts';

export const HARVESTER_NAMESPACE = 'harvester-system';
export const HARVESTER_API_PORT = BASE_PORT + 261;

/** The stand-in's kubeconfig: Harvester's server account on the host. */
export async function harvesterAccount(host: KubeTarget): Promise<string> {
  const sa = { namespace: HARVESTER_NAMESPACE, name: 'harvester' };
  const kubeconfig = await serviceAccountKubeconfig(host, sa, 'harvester-api.kubeconfig');

  await bindClusterRole(host, sa, 'cluster-admin');

  return kubeconfig;
}

/**
 * Real mode: the stand-in on 127.0.0.1, plain HTTP, answering only requests with its own token (made once, 0600; the
 * simulator's proxy holds it: lab/backends/real/proxy.ts), as Harvester's own endpoint answers only Rancher's tunnel.
 */
export async function serveHarvesterApi(host: KubeTarget): Promise<{ started: Started; url: string; token: string }> {
  const kubeconfig = await harvesterAccount(host);
  const url = `http://127.0.0.1:${ HARVESTER_API_PORT }`;
  const tokenFile = path.join(RUN_DIR, 'secrets', 'harvester-api.token');

  if (!fs.existsSync(tokenFile)) {
    fs.writeFileSync(tokenFile, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }

  return {
    url,
    token:   fs.readFileSync(tokenFile, 'utf8').trim(),
    started: startProcess('harvester-api', bin('harvester-api'), ['--kubeconfig', kubeconfig, '--namespace', HARVESTER_NAMESPACE, '--listen', `127.0.0.1:${ HARVESTER_API_PORT }`, '--token-file', tokenFile]),
  };
}
