/**
 * Harvester's API server, as far as the extension calls it (`POST /v1/harvester/kubeconfig`), in Rancher mode: a
 * stand-in (lab/standins/harvester-api) reached the way Rancher reaches Harvester's own. Harvester registers a
 * management.cattle.io APIService `harvester` for `/v1/harvester/` (harvester pkg/data/apiservice.go); the Rancher
 * in the Harvester cluster (here the cluster agent's embedded one) makes its ServiceAccount and routes those paths
 * over a tunnel the API server dials in to (rancher pkg/controllers/dashboard/apiservice, pkg/api/steve/aggregation).
 * So a request to `/k8s/clusters/<host>/v1/harvester/kubeconfig` goes through Rancher's own proxy, its tunnel to the
 * agent and the agent's APIService routing; only the answer is the stand-in's. It dials the agent in its network
 * namespace (the APIService Secret's url is a Service's cluster IP, which nothing routes here).
 */
import { applyObject } from '../../core/apply';
import { KubeTarget, kubeRequest } from '../../core/kubeClient';
import { bin } from '../../core/paths';
import { startProcess, Started } from '../../core/processes';
import { harvesterAccount, HARVESTER_NAMESPACE as NAMESPACE } from '../harvester/apiServer';
import { rancherRequest, until } from './rancherApi';

export const HARVESTER_API_SERVICE = {
  apiVersion: 'management.cattle.io/v3',
  kind:       'APIService',
  metadata:   { name: 'harvester' },
  spec:       {
    // harvester pkg/data/apiservice.go addAPIService (`/dashboard/` is Harvester's UI, which no stand-in serves).
    pathPrefixes: ['/v1/harvester/'], paths: ['/v1/harvester'], secretName: 'harvester-aggregation', secretNamespace: NAMESPACE
  },
};

/** Registers the APIService once the agent's Rancher has made its CRD, and starts the stand-in as Harvester's own account. */
export async function startHarvesterApi(host: KubeTarget, agentAddress: string): Promise<Started> {
  await until('the APIService type in harvester-host (its Rancher agent makes it)', 180000, async() => {
    return (await kubeRequest(host, 'GET', '/apis/management.cattle.io/v3/apiservices')).status === 200;
  });
  await applyObject(host, HARVESTER_API_SERVICE);
  const kubeconfig = await harvesterAccount(host);

  return startProcess('harvester-api', bin('harvester-api'), ['--kubeconfig', kubeconfig, '--namespace', NAMESPACE, '--connect-url', `wss://${ agentAddress }:443/v3/connect`]);
}

/**
 * Until Rancher's proxy reaches the stand-in: an empty body is refused by it (422), where the agent answers 404
 * before the APIService is routed and 503 ("Handler disconnected") before the stand-in has dialled in.
 */
export async function waitHarvesterApi(token: string, hostId: string): Promise<void> {
  await until('Harvester\'s kubeconfig endpoint through Rancher\'s proxy', 120000, async() => {
    return (await rancherRequest('POST', `/k8s/clusters/${ hostId }/v1/harvester/kubeconfig`, token, {})).status === 422;
  }, 2000);
}
