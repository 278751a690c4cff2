/**
 * Rancher's server in the stack, on its local cluster (localCluster.ts). Rancher has no bind flag: it listens on
 * every interface (its HTTPS and HTTP ports, the imperative API on 6666), so it runs in a network namespace of its
 * own (../core/netns.ts; the machine does not forward packets). In there it reaches the local kube-apiserver, the
 * project's Helm repository and the OCI registry a test may start on its own 127.0.0.1 (bridges), the
 * kube-apiserver reaches its imperative API at the namespace's veth address (an EndpointSlice, as for a Pod), and its
 * HTTPS port is brought out to the machine's 127.0.0.1 only (expose.ts): `https://127.0.0.1:<port>` is its
 * server-url for the browser and the agents alike.
 * Its fixed /tmp/log.sock and its /var/lib/rancher* live in folders of the run directory (a private mount namespace).
 * It runs as the chart runs it: a ServiceAccount bound to cluster-admin, with IMPERATIVE_API_DIRECT (no
 * remotedialer-proxy Pod), CATTLE_DEV_MODE (no driver jail: that needs the image's jailer.sh), the dashboard of
 * its own version served from its `ui-dashboard-path`, and no bootstrap password given: it makes one
 * (bootstrap.ts reads it where Rancher's docs say to).
 */
import fs from 'node:fs';
import path from 'node:path';
import { applyObject } from '../../core/apply';
import { KubeTarget } from '../../core/kubeClient';
import { createNetns, Netns, startInNetns } from '../../core/netns';
import { REPO_ROOT, RUN_DIR } from '../../core/paths';
import { Started, waitReady } from '../../core/processes';
import { bindClusterRole, serviceAccountKubeconfig } from '../../core/serviceAccounts';
import { RANCHER_UI_ROOT } from '../../builds';
import { rancherBin } from './build';
import { exposeFromNetns } from './expose';
import { RANCHER_PORTS } from './localCluster';
import { rancherHostsFile, rancherNetns } from './state';
import { presetBootstrapPassword } from './bootstrapPassword';
import { RancherVersion } from './versions';

/** Rancher's address on the machine (and inside its namespace): its server-url. */
export function rancherUrl(): string {
  return `https://127.0.0.1:${ RANCHER_PORTS.https }`;
}

/** The imperative API (pkg/ext: port 6666, Service cattle-system/imperative-api-extension), as an endpoint of Rancher. */
async function imperativeApiEndpoint(local: KubeTarget, ns: Netns): Promise<void> {
  await applyObject(local, {
    apiVersion: 'discovery.k8s.io/v1',
    kind:       'EndpointSlice',
    metadata:   {
      name: 'imperative-api-extension-stack', namespace: 'cattle-system', labels: { 'kubernetes.io/service-name': 'imperative-api-extension' }
    },
    addressType: 'IPv4',
    endpoints:   [{ addresses: [ns.address], conditions: { ready: true } }],
    ports:       [{
      name: '', port: 6666, protocol: 'TCP'
    }],
  });
}

/**
 * The script that gives Rancher a private /tmp ("$1": its fixed /tmp/log.sock), /var/lib ("$2") and /etc/hosts ("$3":
 * the Pod runner adds the names of the Services it routes, lab/standins/pods/services.ts), then runs the rest of its
 * arguments. /var/lib is bound first, /tmp last, and a checkout (`keep`) that lies under either stays reachable
 * at its own path through a bind of its top folder inside the private one (issue 35: a checkout under /tmp vanished
 * behind Rancher's private /tmp: "mount: /var/lib: special device …/run/rancher/var-lib does not exist").
 */
export function privateMountsScript(keep: string): string {
  const keepUnder = (dir: string, arg: string) => {
    const rel = path.relative(dir, keep);

    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) {
      return '';
    }
    const top = rel.split(path.sep)[0];

    return `mkdir -p "${ arg }/${ top }" && mount --bind "${ dir }/${ top }" "${ arg }/${ top }" && `;
  };

  return `${ keepUnder('/var/lib', '$2') }mount --bind "$2" /var/lib && ${ keepUnder('/tmp', '$1') }mount --rbind "$1" /tmp && mount --bind "$3" /etc/hosts && shift 3 && exec "$@"`;
}

function privateDir(...parts: string[]): string {
  const dir = path.join(RUN_DIR, 'rancher', ...parts);

  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  return dir;
}

/**
 * The dashboard build as Rancher's image lays it out (/usr/share/rancher/ui-dashboard): index.html at the top and
 * the build under dashboard/, which is where Rancher looks up /dashboard/js/… (steve's ui handler joins the path).
 */
function dashboardDir(v: RancherVersion): string {
  const dir = privateDir('ui-dashboard');
  const build = path.join(RANCHER_UI_ROOT, v.ui);

  for (const [name, target] of [['index.html', path.join(build, 'index.html')], ['dashboard', build]]) {
    const link = path.join(dir, name);

    // A link of an earlier start: unlinked, never followed (rmSync would refuse the folder it points to).
    if (fs.lstatSync(link, { throwIfNoEntry: false })) {
      fs.unlinkSync(link);
    }
    fs.symlinkSync(target, link);
  }

  return dir;
}

/** Starts Rancher; what it starts goes into `started` at once, so a caller stops it all when a later step fails. */
export async function startRancherServer(v: RancherVersion, local: KubeTarget, started: Started[], log: (l: string) => void): Promise<void> {
  const sa = { namespace: 'cattle-system', name: 'rancher' };
  const kubeconfig = await serviceAccountKubeconfig(local, sa, 'rancher.kubeconfig');

  await bindClusterRole(local, sa, 'cluster-admin');
  await presetBootstrapPassword(local);
  const ns = rancherNetns();

  createNetns(ns);
  await imperativeApiEndpoint(local, ns);
  const env: Record<string, string> = {
    // The server image's own ENV (package/Dockerfile): the version the agents are told and the dashboard shows.
    CATTLE_SERVER_VERSION:       v.version,
    CATTLE_AGENT_IMAGE:          `rancher/rancher-agent:${ v.version }`,
    CATTLE_DEV_MODE:             'true',
    CATTLE_SYSTEM_CATALOG:       'bundled',
    CATTLE_NAMESPACE:            'cattle-system',
    CATTLE_SERVER_URL:           rancherUrl(),
    CATTLE_UI_DASHBOARD_PATH:    dashboardDir(v),
    CATTLE_UI_OFFLINE_PREFERRED: 'true',
    IMPERATIVE_API_DIRECT:       'true',
    IMPERATIVE_API_APP_SELECTOR: 'rancher-direct',
  };
  const args = [
    `--kubeconfig=${ kubeconfig }`,
    `--https-listen-port=${ RANCHER_PORTS.https }`,
    `--http-listen-port=${ RANCHER_PORTS.http }`,
    `--profile-listen-address=127.0.0.1:${ RANCHER_PORTS.profile }`,
    '--add-local=true',
  ];
  const mounts = privateMountsScript(REPO_ROOT);

  // The Pod runner writes it as it starts; Rancher may start first on a restart.
  if (!fs.existsSync(rancherHostsFile())) {
    fs.copyFileSync('/etc/hosts', rancherHostsFile());
  }
  const main = startInNetns(ns, [RANCHER_PORTS.localApi, RANCHER_PORTS.helmRepo, RANCHER_PORTS.ociRegistry], 'rancher', 'unshare', [
    '--mount', '--propagation', 'private', '--', 'sh', '-c', mounts, 'rancher-mounts', privateDir('tmp'), privateDir('var-lib'), rancherHostsFile(), rancherBin(v, 'rancher'), ...args,
  ], env, privateDir('work'));

  started.push(...main, ...exposeFromNetns(ns, [RANCHER_PORTS.https], 'rancher'));
  const t0 = Date.now();

  await waitReady(main[2], `${ rancherUrl() }/ping`, 300000);
  log(`[rancher] Rancher ${ v.version } answers ${ rancherUrl() } (${ Math.round((Date.now() - t0) / 1000) } s)`);
}
