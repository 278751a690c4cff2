/**
 * A kubeconfig for the simulated clusters' Kubernetes API, as Rancher's "Download KubeConfig" gives one: a
 * cluster and context per cluster at `https://127.0.0.1:<port>/k8s/clusters/<id>`, the server's certificate as
 * the authority, and the demo admin's API token.
 */
import { stringify } from 'yaml';
import { getObject, SimState } from '../core/state';
import { SimUser } from '../core/types';

export function kubeconfig(state: SimState, serverUrl: string, caPem: string, user: SimUser, current?: string): string {
  const ids = Object.keys(state.clusters);
  const nameOf = (id: string) => getObject(state, 'local', 'management.cattle.io.cluster', id)?.spec?.displayName || id;
  const ca = Buffer.from(caPem).toString('base64');

  return stringify({
    apiVersion:        'v1',
    kind:              'Config',
    clusters:          ids.map((id) => ({ name: nameOf(id), cluster: { server: `${ serverUrl }/k8s/clusters/${ id }`, 'certificate-authority-data': ca } })),
    users:             [{ name: `demo-${ user.name }`, user: { token: user.token } }],
    contexts:          ids.map((id) => ({ name: nameOf(id), context: { cluster: nameOf(id), user: `demo-${ user.name }` } })),
    'current-context': current ? nameOf(current) : nameOf(ids.find((id) => state.clusters[id].kind === 'guest') || ids[0]),
  });
}
