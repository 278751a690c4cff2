import { ClusterState, KubeObject } from '../core/types';

/** Next free address in 10.43.0.0/16, the RKE2 service CIDR, so new Services look allocated. */
function nextClusterIP(cluster: ClusterState): string {
  const used = new Set(Object.values(cluster.objects.service || {}).map((s) => s.spec?.clusterIP));

  for (let i = 10; i < 65000; i++) {
    const ip = `10.43.${ Math.floor(i / 250) }.${ (i % 250) + 1 }`;

    if (!used.has(ip)) {
      return ip;
    }
  }

  return '10.43.255.254';
}

function nextNodePort(cluster: ClusterState, taken: Set<number>): number {
  for (const s of Object.values(cluster.objects.service || {})) {
    for (const p of s.spec?.ports || []) {
      if (p.nodePort) {
        taken.add(p.nodePort);
      }
    }
  }
  for (let p = 30000; p <= 32767; p++) {
    if (!taken.has(p)) {
      taken.add(p);

      return p;
    }
  }

  return 32767;
}

/**
 * What the API server fills in on a Service: type, protocol, targetPort, a cluster IP and node ports. On update
 * it carries allocated values over when the client left them out, as Kubernetes does.
 */
function defaultService(cluster: ClusterState, obj: KubeObject, old?: KubeObject): void {
  const spec = obj.spec = obj.spec || {};

  spec.type = spec.type || 'ClusterIP';
  spec.sessionAffinity = spec.sessionAffinity || 'None';
  if (spec.type !== 'ExternalName') {
    spec.clusterIP = spec.clusterIP || old?.spec?.clusterIP || nextClusterIP(cluster);
    spec.clusterIPs = spec.clusterIPs?.length ? spec.clusterIPs : [spec.clusterIP];
    spec.ipFamilies = spec.ipFamilies || ['IPv4'];
    spec.ipFamilyPolicy = spec.ipFamilyPolicy || 'SingleStack';
    spec.internalTrafficPolicy = spec.internalTrafficPolicy || 'Cluster';
  }
  const needsNodePort = spec.type === 'NodePort' || spec.type === 'LoadBalancer';
  const taken = new Set<number>();

  if (needsNodePort) {
    spec.externalTrafficPolicy = spec.externalTrafficPolicy || 'Cluster';
    if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === undefined) {
      spec.allocateLoadBalancerNodePorts = true;
    }
  }
  for (const p of spec.ports || []) {
    p.protocol = p.protocol || 'TCP';
    if (p.targetPort === undefined || p.targetPort === '' || p.targetPort === null) {
      p.targetPort = p.port;
    }
    if (needsNodePort && !p.nodePort) {
      const before = (old?.spec?.ports || []).find((o: any) => o.port === p.port && (o.protocol || 'TCP') === p.protocol);

      p.nodePort = before?.nodePort || nextNodePort(cluster, taken);
    }
    if (!needsNodePort) {
      delete p.nodePort;
    }
  }
  if (!needsNodePort) {
    delete spec.externalTrafficPolicy;
  }
  obj.status = obj.status || { loadBalancer: {} };
}

/** Defaulting the API server applies before storing; per type. */
export function applyDefaults(cluster: ClusterState, typeId: string, obj: KubeObject, old?: KubeObject): void {
  if (typeId === 'service') {
    defaultService(cluster, obj, old);
  }
  if (typeId === 'storage.k8s.io.storageclass') {
    obj.reclaimPolicy = obj.reclaimPolicy || 'Delete';
    obj.volumeBindingMode = obj.volumeBindingMode || 'Immediate';
  }
  if (typeId === 'persistentvolumeclaim' && !obj.status?.phase) {
    // kubernetes pkg/apis/core/v1/defaults.go SetDefaults_PersistentVolumeClaim: a new claim is Pending.
    obj.status = { ...(obj.status || {}), phase: 'Pending' };
  }
  if (typeId === 'namespace') {
    obj.spec = obj.spec || { finalizers: ['kubernetes'] };
    obj.status = obj.status || { phase: 'Active' };
    obj.metadata.labels = { ...(obj.metadata.labels || {}), 'kubernetes.io/metadata.name': obj.metadata.name };
  }
}
