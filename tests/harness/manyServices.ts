/**
 * A large guest cluster's Services for the Add-on Config scale checks (issue 13): `clusterIp` ClusterIP Services and
 * `loadBalancers` LoadBalancer Services over 50 namespaces, shaped as kubectl and Helm leave them (labels, Helm
 * annotations, every 4th with kubectl's last-applied-configuration). Of the LoadBalancers every other one has an
 * address, and every 10th shares the IP of the one before it.
 */
import { service } from '../../lab/simulator/kube/builders';
import { KubeObject, Seed } from '../../lab/simulator/core/types';

const P = 'cloudprovider.harvesterhci.io';

function labelsOf(i: number) {
  return {
    'app.kubernetes.io/name': `app-${ i }`, 'app.kubernetes.io/instance': `release-${ i % 200 }`, 'app.kubernetes.io/managed-by': 'Helm'
  };
}

function annotationsOf(i: number, extra: Record<string, string> = {}) {
  const a: Record<string, string> = {
    'meta.helm.sh/release-name': `release-${ i % 200 }`, 'meta.helm.sh/release-namespace': `ns-${ i % 50 }`, ...extra
  };

  if (i % 4 === 0) {
    a['kubectl.kubernetes.io/last-applied-configuration'] = JSON.stringify({
      apiVersion: 'v1',
      kind:       'Service',
      metadata:   {
        name: `svc-${ i }`, namespace: `ns-${ i % 50 }`, annotations: extra
      },
      spec: { ports: [{ port: 80, targetPort: 8080 }], selector: { app: `app-${ i }` } }
    });
  }

  return a;
}

export function manyServices(clusterIp: number, loadBalancers: number): KubeObject[] {
  const out: KubeObject[] = [];

  for (let i = 0; i < clusterIp; i++) {
    out.push(service(`ns-${ i % 50 }`, `svc-${ i }`, {
      clusterIP: `10.43.${ (i >> 8) & 255 }.${ i & 255 }`,
      ports:     [{
        name: 'http', port: 80, targetPort: 8080
      }],
      selector:    { app: `app-${ i }` },
      labels:      labelsOf(i),
      annotations: annotationsOf(i),
    }));
  }
  for (let j = 0; j < loadBalancers; j++) {
    const i = clusterIp + j;
    const ns = `ns-${ i % 50 }`;
    const shares = j % 10 === 9;
    const extra: Record<string, string> = shares ? { [`${ P }/primary-service`]: `${ ns }/lb-${ j - 1 }` } : { [`${ P }/ipam`]: j % 3 ? 'pool' : 'dhcp' };

    out.push(service(ns, `lb-${ j }`, {
      type:      'LoadBalancer',
      clusterIP: `10.44.${ (j >> 8) & 255 }.${ j & 255 }`,
      ports:     [{
        name: 'http', port: 80 + (shares ? 1 : 0), targetPort: 8080, nodePort: 30000 + (j % 2000)
      }, {
        name: 'https', port: 443 + (shares ? 1 : 0), targetPort: 8443, nodePort: 32000 + (j % 700)
      }],
      selector:    { app: `lb-${ j }` },
      labels:      labelsOf(i),
      annotations: annotationsOf(i, extra),
      ingressIPs:  j % 2 === 0 ? [`192.168.${ 100 + (j >> 8) }.${ j & 255 }`] : [],
    }));
  }

  return out;
}

/** `seed` with `objects` added to one cluster (before the state is made, so they get uids as seeded objects do). */
export function withObjects(seed: Seed, clusterId: string, objects: KubeObject[]): Seed {
  return { clusters: seed.clusters.map((c) => (c.id === clusterId ? { ...c, objects: [...c.objects, ...objects] } : c)) };
}
