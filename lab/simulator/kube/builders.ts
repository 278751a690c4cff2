/** Small builders for plain Kubernetes objects, so the demo clusters and the charts' workloads read as data. */
import { KubeObject } from '../core/types';

export type Labels = Record<string, string>;

export interface Meta {
  namespace?: string;
  labels?: Labels;
  annotations?: Labels;
  uid?: string;
}

export function object(apiVersion: string, kind: string, name: string, meta: Meta = {}, body: Record<string, unknown> = {}): KubeObject {
  const metadata: KubeObject['metadata'] = { name };

  if (meta.namespace) {
    metadata.namespace = meta.namespace;
  }
  if (meta.labels) {
    metadata.labels = { ...meta.labels };
  }
  if (meta.annotations) {
    metadata.annotations = { ...meta.annotations };
  }
  if (meta.uid) {
    metadata.uid = meta.uid;
  }

  return {
    apiVersion, kind, metadata, ...body
  };
}

export function namespace(name: string, projectId?: string): KubeObject {
  const labels: Labels = { 'kubernetes.io/metadata.name': name };
  const annotations: Labels = {};

  if (projectId) {
    // Rancher's project membership label carries the project id without the cluster prefix.
    labels['field.cattle.io/projectId'] = projectId.split(':').pop() as string;
    annotations['field.cattle.io/projectId'] = projectId;
  }

  return object('v1', 'Namespace', name, { labels, annotations }, { spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } });
}

export function configMap(ns: string, name: string, data: Labels, meta: Meta = {}): KubeObject {
  return object('v1', 'ConfigMap', name, { ...meta, namespace: ns }, { data });
}

export function secret(ns: string, name: string, data: Labels, meta: Meta = {}, type = 'Opaque'): KubeObject {
  const encoded: Labels = {};

  for (const [k, v] of Object.entries(data)) {
    encoded[k] = btoa(v);
  }

  return object('v1', 'Secret', name, { ...meta, namespace: ns }, { type, data: encoded });
}

export interface PortSpec {
  name?: string;
  port: number;
  targetPort?: number | string;
  protocol?: 'TCP' | 'UDP';
  nodePort?: number;
}

export interface ServiceSpec {
  type?: 'ClusterIP' | 'LoadBalancer' | 'NodePort';
  clusterIP: string;
  ports: PortSpec[];
  selector?: Labels;
  annotations?: Labels;
  labels?: Labels;
  /** Ingress IPs the load balancer got; none means Pending. */
  ingressIPs?: string[];
}

export function service(ns: string, name: string, spec: ServiceSpec): KubeObject {
  const type = spec.type || 'ClusterIP';
  const lb = type === 'LoadBalancer';

  return object('v1', 'Service', name, {
    namespace: ns, annotations: spec.annotations, labels: spec.labels
  }, {
    spec: {
      type,
      clusterIP:             spec.clusterIP,
      clusterIPs:            [spec.clusterIP],
      ipFamilies:            ['IPv4'],
      ipFamilyPolicy:        'SingleStack',
      internalTrafficPolicy: 'Cluster',
      sessionAffinity:       'None',
      ...(lb ? { externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: true } : {}),
      ...(spec.selector ? { selector: spec.selector } : {}),
      ports:                 spec.ports.map((p) => ({
        ...(p.name ? { name: p.name } : {}),
        protocol:   p.protocol || 'TCP',
        port:       p.port,
        targetPort: p.targetPort ?? p.port,
        ...(p.nodePort ? { nodePort: p.nodePort } : {}),
      })),
    },
    status: { loadBalancer: spec.ingressIPs?.length ? { ingress: spec.ingressIPs.map((ip) => ({ ip, ipMode: 'VIP' })) } : {} },
  });
}

export interface NodeSpec {
  labels: Labels;
  annotations?: Labels;
  providerID?: string;
  internalIP: string;
  kubeletVersion: string;
  cpu?: string;
  memory?: string;
  taints?: { key: string; value?: string; effect: string }[];
}

export function node(name: string, spec: NodeSpec): KubeObject {
  const capacity = {
    cpu: spec.cpu || '4', memory: spec.memory || '8148560Ki', pods: '110', 'ephemeral-storage': '41152812Ki'
  };
  const heartbeat = new Date(Date.now() - 30 * 1000).toISOString().replace(/\.\d+Z$/, 'Z');

  return object('v1', 'Node', name, {
    labels: {
      'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', 'beta.kubernetes.io/arch': 'amd64', ...spec.labels
    },
    annotations: spec.annotations,
  }, {
    spec: {
      ...(spec.providerID ? { providerID: spec.providerID } : {}),
      podCIDR: '10.42.0.0/24',
      ...(spec.taints ? { taints: spec.taints } : {}),
    },
    status: {
      addresses:   [{ type: 'InternalIP', address: spec.internalIP }, { type: 'Hostname', address: name }],
      capacity,
      allocatable: capacity,
      conditions:  [
        {
          type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: heartbeat
        },
        {
          type: 'MemoryPressure', status: 'False', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available', lastHeartbeatTime: heartbeat
        },
        {
          type: 'DiskPressure', status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure', lastHeartbeatTime: heartbeat
        },
      ],
      nodeInfo: {
        architecture: 'amd64', containerRuntimeVersion: 'containerd://2.0.5-k3s1', kernelVersion: '6.4.0-150600.23.47-default', kubeletVersion: spec.kubeletVersion, operatingSystem: 'linux', osImage: 'SUSE Linux Enterprise Server 15 SP6'
      },
    },
  });
}

export function storageClass(name: string, provisioner: string, parameters: Labels, opts: { isDefault?: boolean; volumeBindingMode?: string; allowVolumeExpansion?: boolean } = {}): KubeObject {
  return object('storage.k8s.io/v1', 'StorageClass', name, { annotations: opts.isDefault ? { 'storageclass.kubernetes.io/is-default-class': 'true' } : undefined }, {
    provisioner,
    parameters,
    reclaimPolicy:        'Delete',
    volumeBindingMode:    opts.volumeBindingMode || 'Immediate',
    allowVolumeExpansion: opts.allowVolumeExpansion ?? true,
  });
}

/** A VolumeSnapshotClass (snapshot.storage.k8s.io/v1): its fields sit at the top level, there is no spec. */
export function volumeSnapshotClass(name: string, driver: string, parameters: Labels | undefined, deletionPolicy = 'Delete'): KubeObject {
  return object('snapshot.storage.k8s.io/v1', 'VolumeSnapshotClass', name, {}, parameters ? {
    driver, deletionPolicy, parameters
  } : { driver, deletionPolicy });
}

export interface WorkloadSpec {
  image: string;
  labels?: Labels;
  replicas?: number;
  selector: Labels;
  topologySpreadConstraints?: unknown[];
  containerName?: string;
}

function podTemplate(spec: WorkloadSpec): Record<string, unknown> {
  return {
    metadata: { labels: spec.selector },
    spec:     {
      containers: [{
        name: spec.containerName || Object.values(spec.selector)[0], image: spec.image, imagePullPolicy: 'IfNotPresent', resources: {}
      }],
      ...(spec.topologySpreadConstraints ? { topologySpreadConstraints: spec.topologySpreadConstraints } : {}),
      restartPolicy: 'Always',
    },
  };
}

export function deployment(ns: string, name: string, spec: WorkloadSpec): KubeObject {
  const replicas = spec.replicas ?? 1;

  return object('apps/v1', 'Deployment', name, { namespace: ns, labels: spec.labels }, {
    spec: {
      replicas, selector: { matchLabels: spec.selector }, template: podTemplate(spec), strategy: { type: 'RollingUpdate' }
    },
    status: {
      replicas,
      readyReplicas:      replicas,
      availableReplicas:  replicas,
      updatedReplicas:    replicas,
      observedGeneration: 1,
      conditions:         [
        {
          type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.'
        },
        {
          type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable', message: `ReplicaSet "${ name }-5d8f7c9b6" has successfully progressed.`
        },
      ],
    },
  });
}

export function daemonSet(ns: string, name: string, spec: WorkloadSpec, nodeCount: number): KubeObject {
  return object('apps/v1', 'DaemonSet', name, { namespace: ns, labels: spec.labels }, {
    spec: {
      selector: { matchLabels: spec.selector }, template: podTemplate(spec), updateStrategy: { type: 'RollingUpdate' }
    },
    status: {
      currentNumberScheduled: nodeCount, desiredNumberScheduled: nodeCount, numberAvailable: nodeCount, numberReady: nodeCount, updatedNumberScheduled: nodeCount, numberMisscheduled: 0, observedGeneration: 1
    },
  });
}

export function pod(ns: string, name: string, opts: { labels: Labels; image: string; nodeName: string; podIP: string; hostIP: string; owner?: { kind: string; name: string } }): KubeObject {
  const p = object('v1', 'Pod', name, { namespace: ns, labels: opts.labels }, {
    spec: {
      nodeName:   opts.nodeName,
      containers: [{ name: Object.values(opts.labels)[0], image: opts.image }],
    },
    status: {
      phase:             'Running',
      podIP:             opts.podIP,
      hostIP:            opts.hostIP,
      conditions:        [{ type: 'Ready', status: 'True' }, { type: 'ContainersReady', status: 'True' }, { type: 'PodScheduled', status: 'True' }],
      containerStatuses: [{
        name: Object.values(opts.labels)[0], image: opts.image, ready: true, restartCount: 0, started: true, state: { running: { startedAt: new Date(Date.now() - 20 * 3600 * 1000).toISOString() } }
      }],
    },
  });

  if (opts.owner) {
    p.metadata.ownerReferences = [{
      apiVersion: 'apps/v1', kind: opts.owner.kind, name: opts.owner.name, controller: true, blockOwnerDeletion: true
    }];
  }

  return p;
}
