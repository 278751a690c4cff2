/**
 * What the Pod runner reads from a Pod before it runs it (lab/standins/pods/podPlan.ts), on the helm-operation Pod
 * Rancher v2.15.0 created in the stack (its spec as recorded, trimmed to what the plan reads): the volumes' files,
 * the init container apart, each container's command, environment and mounts; and the reasons a Pod cannot run here.
 */
import { planPod, PodPlan, sourcesNamed } from '../../../lab/standins/pods/podPlan';
import { isShellImage } from '../../../lab/standins/pods/images';

const SHELL = 'rancher/shell:v0.8.1';
const b64 = (s: string) => Buffer.from(s).toString('base64');

function helmOperationPod(image = SHELL): any {
  return {
    metadata: {
      name: 'helm-operation-lnn6q', namespace: 'cattle-system', labels: { 'pod-impersonation.cattle.io/token': 'x' }
    },
    spec: {
      initContainers: [{
        name:         'init-kubeconfig-volume',
        image,
        command:      ['sh', '-c', 'cp /home/.kube/config /tmp/.kube/config'],
        volumeMounts: [{
          mountPath: '/home/.kube/config', name: 'user-kube-configmap', subPath: 'config'
        }, { mountPath: '/tmp/.kube', name: 'user-kubeconfig' }]
      }],
      containers: [{
        name:         'helm',
        image,
        command:      ['helm-cmd'],
        env:          [{ name: 'KUBECONFIG', value: '/home/shell/.kube/config' }],
        workingDir:   '/home/shell/helm',
        volumeMounts: [{ mountPath: '/tmp', name: 'tmp' }, {
          mountPath: '/home/shell/helm', name: 'data', readOnly: true
        }, {
          mountPath: '/home/shell/.kube/config', name: 'user-kubeconfig', subPath: 'config'
        }],
      }, {
        name:         'proxy',
        image,
        command:      ['sh', '-c', 'kubectl proxy --disable-filter || true'],
        env:          [{ name: 'KUBECONFIG', value: '/home/shell/.kube/config' }],
        volumeMounts: [{
          mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: 'token', readOnly: true
        }]
      }],
      volumes: [
        { name: 'tmp', emptyDir: {} },
        { name: 'user-kubeconfig', emptyDir: {} },
        { name: 'data', secret: { secretName: 'helm-operation-45qht' } },
        { name: 'user-kube-configmap', configMap: { name: 'impersonation-helm-op-user-kubeconfig-qxjl8' } },
        { name: 'token', secret: { secretName: 'pod-impersonation-helm-op-8hzmw-token' } },
      ],
    },
  };
}

const SOURCES = {
  secrets: {
    'helm-operation-45qht':                  { data: { operation000: b64('install\0--namespace=cattle-ui-plugin-system\0harvester-cloud-ui\0/home/shell/helm/c.tgz') } },
    'pod-impersonation-helm-op-8hzmw-token': { data: { token: b64('t0ken'), 'ca.crt': b64('CA') } },
  },
  configMaps: { 'impersonation-helm-op-user-kubeconfig-qxjl8': { data: { config: 'server: http://127.0.0.1:8001' } } },
};

describe('planPod', () => {
  it('reads the volumes\' files, the init container apart, and each container\'s command, environment and mounts', () => {
    const plan = planPod(helmOperationPod(), SOURCES, isShellImage) as PodPlan;

    expect(plan.volumes.map((v) => [v.name, v.kind, Object.keys(v.files)])).toEqual([
      ['tmp', 'emptyDir', []],
      ['user-kubeconfig', 'emptyDir', []],
      ['data', 'secret', ['operation000']],
      ['user-kube-configmap', 'configMap', ['config']],
      ['token', 'secret', ['token', 'ca.crt']],
    ]);
    expect(plan.volumes[2].files.operation000.toString().split('\0')).toEqual(['install', '--namespace=cattle-ui-plugin-system', 'harvester-cloud-ui', '/home/shell/helm/c.tgz']);
    expect(plan.init.map((c) => c.name)).toEqual(['init-kubeconfig-volume']);
    expect(plan.containers.map((c) => [c.name, c.argv, c.env, c.workingDir])).toEqual([
      ['helm', ['helm-cmd'], { KUBECONFIG: '/home/shell/.kube/config' }, '/home/shell/helm'],
      ['proxy', ['sh', '-c', 'kubectl proxy --disable-filter || true'], { KUBECONFIG: '/home/shell/.kube/config' }, undefined],
    ]);
    expect(plan.containers[0].mounts).toEqual([
      {
        path: '/tmp', volume: 'tmp', readOnly: false, subPath: undefined
      },
      {
        path: '/home/shell/helm', volume: 'data', readOnly: true, subPath: undefined
      },
      {
        path: '/home/shell/.kube/config', volume: 'user-kubeconfig', readOnly: false, subPath: 'config'
      },
    ]);
    expect(sourcesNamed(helmOperationPod())).toEqual({
      secrets: ['helm-operation-45qht', 'pod-impersonation-helm-op-8hzmw-token'], configMaps: ['impersonation-helm-op-user-kubeconfig-qxjl8'], tokenAudiences: []
    });
  });

  it('says why a Pod cannot run here, as a kubelet reports it, instead of leaving it Pending', () => {
    expect(planPod(helmOperationPod('rancher/rancher-webhook:v0.8.0'), SOURCES, isShellImage)).toEqual({ reason: 'ErrImagePull', message: expect.stringContaining('image "rancher/rancher-webhook:v0.8.0": this Pod runner has no program for it') });
    // A Secret not there yet: ContainerCreating with the kubelet's FailedMount event, tried again (k8s pkg/volume/secret).
    expect(planPod(helmOperationPod(), { ...SOURCES, secrets: {} }, isShellImage)).toEqual({
      reason: 'ContainerCreating', message: '', retry: true, event: { reason: 'FailedMount', message: 'MountVolume.SetUp failed for volume "data" : secret "helm-operation-45qht" not found' }
    });
    const optional = helmOperationPod();

    optional.spec.volumes.find((v: any) => v.name === 'data').secret.optional = true;
    expect((planPod(optional, { ...SOURCES, secrets: { 'pod-impersonation-helm-op-8hzmw-token': SOURCES.secrets['pod-impersonation-helm-op-8hzmw-token'] } }, isShellImage) as any).volumes.find((v: any) => v.name === 'data').files).toEqual({});
    const hostPath = helmOperationPod();

    hostPath.spec.volumes.push({ name: 'root', hostPath: { path: '/' } });
    expect(planPod(hostPath, SOURCES, isShellImage)).toEqual({ reason: 'CreateContainerConfigError', message: 'volume "root": hostPath / (type "") is not provided by this Pod runner' });
  });

  it('expands $(VAR) from earlier variables, as the kubelet does, and refuses values it cannot give', () => {
    const pod = helmOperationPod();

    pod.spec.containers[0].env = [{ name: 'A', value: 'x' }, { name: 'B', value: '$(A)/y $(NOPE)' }];
    expect((planPod(pod, SOURCES, isShellImage) as PodPlan).containers[0].env).toEqual({ A: 'x', B: 'x/y $(NOPE)' });
    pod.spec.containers[0].env = [{ name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }];
    expect(planPod(pod, SOURCES, isShellImage)).toEqual({ reason: 'CreateContainerConfigError', message: expect.stringContaining('env "NODE" from valueFrom') });
  });
});

describe('isShellImage', () => {
  it('knows Rancher\'s shell image by any tag or registry, and nothing else', () => {
    expect(['rancher/shell:v0.8.1', 'rancher/shell:v0.6.4', '10.0.0.5:5000/rancher/shell:v0.8.1', 'rancher/shell'].map(isShellImage)).toEqual([true, true, true, true]);
    expect(['rancher/shellx:v1', 'other/shell:v1', 'rancher/rancher:v2.15.0'].map(isShellImage)).toEqual([false, false, false]);
  });
});

describe('a pulled image\'s defaults (lab/standins/pods/pull.ts)', () => {
  const CATALOG = '127.0.0.1:5000/rancher-extensions/ui-extension-harvester-cloud-ui:0.5.2';
  const image = {
    entrypoint: ['/usr/bin/catalog-server', '--listen=:8080'], cmd: ['--verbose'], workingDir: '/home/plugin-server/plugin-contents'
  };
  // The Deployment Rancher's Import Extension Catalog creates: no command, so the image's entrypoint runs.
  const pod = (container: Record<string, unknown> = {}) => ({
    metadata: { name: 'ui-extension-harvester-cloud-ui-7d9f-x2', namespace: 'cattle-ui-plugin-system' },
    spec:     {
      containers: [{
        name: 'container-0', image: CATALOG, imagePullPolicy: 'Always', ...container
      }]
    },
  });
  const argvOfPlan = (p: ReturnType<typeof planPod>) => ('containers' in p ? p.containers[0] : p);

  it('runs the entrypoint and the image\'s command, in the image\'s working directory, when the container names none', () => {
    expect(argvOfPlan(planPod(pod(), SOURCES, (i) => i === CATALOG && image))).toMatchObject({ argv: ['/usr/bin/catalog-server', '--listen=:8080', '--verbose'], workingDir: '/home/plugin-server/plugin-contents' });
  });

  it('lets args replace the image\'s command, and command replace both, as Kubernetes does', () => {
    expect(argvOfPlan(planPod(pod({ args: ['--root=/srv'] }), SOURCES, () => image))).toMatchObject({ argv: ['/usr/bin/catalog-server', '--listen=:8080', '--root=/srv'] });
    expect(argvOfPlan(planPod(pod({ command: ['/bin/other'] }), SOURCES, () => image))).toMatchObject({ argv: ['/bin/other'] });
    expect(argvOfPlan(planPod(pod({ workingDir: '/tmp' }), SOURCES, () => image))).toMatchObject({ workingDir: '/tmp' });
  });

  it('says so when neither the container nor the image has a command', () => {
    expect(planPod(pod(), SOURCES, () => ({}))).toEqual({ reason: 'CreateContainerConfigError', message: 'container "container-0": no command, and the image has no entrypoint' });
  });
});
