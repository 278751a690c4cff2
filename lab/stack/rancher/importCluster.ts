/**
 * A cluster of the stack imported into Rancher: an imported management cluster (`spec.importedConfig`, what Rancher's
 * own import makes) is created as an admin does with kubectl through Rancher's proxy for `local` (Steve's /v1 refuses creating
 * management clusters), with the demo's cluster id (lab/world/ids.ts), so the compat flows and the
 * differential address the same cluster on either backend (Rancher's Import dialog would pick a random id); the host is labelled `provider.cattle.io: harvester` as Virtualization Management's import
 * labels it, and Rancher makes the provisioning cluster of an id of that form itself. Rancher then makes its
 * registration token; the registration manifest it serves (`/v3/import/<token>_<id>.yaml`) is applied to the
 * cluster as `kubectl apply -f <url>` (or Harvester's own registration controller) would. Its Deployment has no
 * kubelet to run it here: agent.ts starts the agent as that Deployment's Pod.
 */
import https from 'node:https';
import { applyAll, parseManifests } from '../../core/apply';
import { KubeTarget } from '../../core/kubeClient';
import { projectIds } from '../../world/ids';
import { rancherExpect, rancherRequest, until } from './rancherApi';

export interface ImportRequest {
  id: string;
  name: string;
  /** Harvester itself (Virtualization Management), rather than a generic imported cluster. */
  harvester?: boolean;
}

/** As `kubectl apply` with Rancher's kubeconfig for `local` (the admin, through Rancher's cluster proxy). */
const MGMT_CLUSTERS = '/k8s/clusters/local/apis/management.cattle.io/v3/clusters';

/**
 * The cluster's Default and System projects with the ids the demo's namespaces carry (`field.cattle.io/projectId`,
 * lab/world/ids.ts projectIds), made before the cluster: Rancher then takes them as the cluster's own (it makes
 * its Default and System projects only when none has their label, project_cluster/cluster_handler.go).
 */
async function demoProjects(adminToken: string, req: ImportRequest): Promise<void> {
  const ns = await rancherRequest('POST', '/k8s/clusters/local/api/v1/namespaces', adminToken, {
    apiVersion: 'v1', kind: 'Namespace', metadata: { name: req.id }
  });

  if (ns.status !== 201 && ns.status !== 409) {
    throw new Error(`namespace ${ req.id } in local: ${ ns.status } ${ ns.text.slice(0, 200) }`);
  }
  const ids = projectIds(req.id);

  for (const [id, name, label] of [[ids.default, 'Default', 'default-project'], [ids.system, 'System', 'system-project']]) {
    const r = await rancherRequest('POST', `/k8s/clusters/local/apis/management.cattle.io/v3/namespaces/${ req.id }/projects`, adminToken, {
      apiVersion: 'management.cattle.io/v3',
      kind:       'Project',
      metadata:   {
        name: id, namespace: req.id, labels: { [`authz.management.cattle.io/${ label }`]: 'true' }
      },
      spec: {
        clusterName: req.id, displayName: name, description: `${ name } project created for the cluster`
      },
    });

    if (r.status !== 201 && r.status !== 409) {
      throw new Error(`project ${ req.id }/${ id }: ${ r.status } ${ r.text.slice(0, 200) }`);
    }
  }
}

export async function importCluster(adminToken: string, req: ImportRequest): Promise<void> {
  await demoProjects(adminToken, req);
  const existing = await rancherRequest('GET', `${ MGMT_CLUSTERS }/${ req.id }`, adminToken);

  if (existing.status === 404) {
    await rancherExpect('POST', MGMT_CLUSTERS, adminToken, {
      apiVersion: 'management.cattle.io/v3',
      kind:       'Cluster',
      metadata:   { name: req.id, ...(req.harvester ? { labels: { 'provider.cattle.io': 'harvester' } } : {}) },
      spec:       {
        displayName: req.name, importedConfig: {}, fleetWorkspaceName: 'fleet-default'
      },
    });
  }
}

/** The registration manifest's URL (its token is in it: never logged). */
async function manifestUrl(adminToken: string, clusterId: string): Promise<string> {
  return until(`the registration token of ${ clusterId }`, 120000, async() => {
    const r = await rancherRequest('GET', `/v3/clusterregistrationtokens?clusterId=${ clusterId }`, adminToken);

    return (r.body?.data || []).map((t: any) => t.manifestUrl).find(Boolean) as string | undefined;
  });
}

function download(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https.get(url, { rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];

      res.on('data', (c) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`registration manifest: HTTP ${ res.statusCode }`))));
    }).on('error', reject);
  });
}

/** Applies Rancher's registration manifest to the cluster (`kubectl apply -f <manifestUrl>`). */
export async function applyRegistration(adminToken: string, clusterId: string, cluster: KubeTarget): Promise<void> {
  // Registered before (Rancher restarted on the same etcd): Rancher keeps the agent's Deployment itself from then on
  // (clusterdeploy, condition AgentDeployed), and the registration manifest, which has none of the features it
  // added, would undo that.
  const mgmt = await rancherRequest('GET', `/v3/clusters/${ clusterId }`, adminToken);

  if ((mgmt.body?.conditions || []).some((c: any) => c.type === 'AgentDeployed' && c.status === 'True')) {
    return;
  }
  const objects = parseManifests(await download(await manifestUrl(adminToken, clusterId)));

  if (!objects.some((o) => o.kind === 'Deployment' && o.metadata?.name === 'cattle-cluster-agent')) {
    throw new Error(`Rancher's registration manifest for ${ clusterId } has no cattle-cluster-agent Deployment`);
  }
  await applyAll(cluster, objects);
}
