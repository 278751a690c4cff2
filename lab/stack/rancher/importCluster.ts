/**
 * A cluster of the stack imported into Rancher with the demo's cluster id (lab/world/ids.ts), so the compat flows and
 * the differential address the same cluster on either backend (Rancher's Import dialog would pick a random id), made
 * as an admin does with kubectl through Rancher's proxy for `local`: a guest as Import Existing → Generic makes it (a
 * provisioning cluster, importGeneric); the host as an imported management cluster (`spec.importedConfig`) labelled
 * `provider.cattle.io: harvester` as Virtualization Management's import labels it, whose provisioning cluster Rancher
 * makes itself (an id of the legacy `c-xxxxx` form). Rancher then makes its registration token; the registration
 * manifest it serves (`/v3/import/<token>_<id>.yaml`) is applied to the cluster as `kubectl apply -f <url>` (or
 * Harvester's own registration controller) would. Its Deployment has no kubelet to run it here: agent.ts starts the
 * agent as that Deployment's Pod.
 */
import { applyAll, parseManifests } from '../../core/apply';
import { KubeTarget, kubeRequest } from '../../core/kubeClient';
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
const PROV_CLUSTERS = '/k8s/clusters/local/apis/provisioning.cattle.io/v1/namespaces/fleet-default/clusters';

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

  if (existing.status !== 404) {
    return;
  }
  if (!req.harvester) {
    await importGeneric(adminToken, req);

    return;
  }
  await rancherExpect('POST', MGMT_CLUSTERS, adminToken, {
    apiVersion: 'management.cattle.io/v3',
    kind:       'Cluster',
    metadata:   { name: req.id, labels: { 'provider.cattle.io': 'harvester' } },
    spec:       {
      displayName: req.name, importedConfig: {}, fleetWorkspaceName: 'fleet-default'
    },
  });
}

/**
 * Import Existing → Generic as the dashboard does it: a provisioning cluster in fleet-default with no rkeConfig, from
 * which Rancher makes the management cluster (provisioningv2/cluster/controller.go createNewCluster), named by the
 * `provisioning.cattle.io/management-cluster-name` annotation so it has the demo's id. Made as a management cluster
 * directly, a `c-m-` cluster had no provisioning cluster (Rancher generates those only for legacy `c-xxxxx` ids), and
 * Rancher 2.13's dashboard, which lists clusters through them, showed a cluster member none (issue 34's 2.13 flow).
 */
async function importGeneric(adminToken: string, req: ImportRequest): Promise<void> {
  const r = await rancherRequest('POST', PROV_CLUSTERS, adminToken, {
    apiVersion: 'provisioning.cattle.io/v1',
    kind:       'Cluster',
    metadata:   {
      name: req.name, namespace: 'fleet-default', annotations: { 'provisioning.cattle.io/management-cluster-name': req.id }
    },
    spec: {},
  });

  if (r.status !== 201 && r.status !== 409) {
    throw new Error(`provisioning cluster ${ req.name }: ${ r.status } ${ r.text.slice(0, 200) }`);
  }
  await until(`Rancher's management cluster ${ req.id } made from the provisioning cluster ${ req.name }`, 120000, async() => (
    (await rancherRequest('GET', `${ MGMT_CLUSTERS }/${ req.id }`, adminToken)).status === 200 || undefined
  ));
}

/** The registration manifest's URL (its token is in it: never logged). */
async function manifestUrl(adminToken: string, clusterId: string): Promise<string> {
  return until(`the registration token of ${ clusterId }`, 120000, async() => {
    const r = await rancherRequest('GET', `/v3/clusterregistrationtokens?clusterId=${ clusterId }`, adminToken);

    return (r.body?.data || []).map((t: any) => t.manifestUrl).find(Boolean) as string | undefined;
  });
}

/** The manifest's text, through the lab's one HTTPS client (which fails an answer cut off midway). */
async function download(url: string): Promise<string> {
  const u = new URL(url);
  const r = await kubeRequest({ url: u.origin }, 'GET', `${ u.pathname }${ u.search }`);

  if (r.status !== 200) {
    throw new Error(`registration manifest: HTTP ${ r.status }`);
  }

  return r.text;
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
