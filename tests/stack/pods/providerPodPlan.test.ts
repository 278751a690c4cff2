/**
 * The cloud provider's Pod on k3s-bare as the Pod runner plans it (lab/standins/pods/podPlan.ts, images.ts): the Pod
 * kube-controller-manager makes from the chart's Deployment (harvester/charts 48a577b
 * charts/harvester-cloud-provider/templates/deployment.yaml, `cloudConfig.secretName` set, as Apply sets it) and the
 * ServiceAccount admission plugin completes (`kube-api-access-*`). Its cloud config is the Secret's key at the path
 * the args read; its token, CA and namespace are where `rest.InClusterConfig` reads them; a missing Secret or a file
 * on the nodes (the chart's default `cloudConfigPath`) leaves it waiting as a kubelet would, with the message the
 * overview reads (the simulator's own, lab/world/cloudConfigCases.ts).
 */
import { imageFs, isProviderImage, knownImage, providerPrograms } from '../../../lab/standins/pods/images';
import { mountScript } from '../../../lab/standins/pods/mountScript';
import { planPod, PodPlan, sourcesNamed } from '../../../lab/standins/pods/podPlan';

const IMAGE = 'rancher/harvester-cloud-provider:v0.2.7';
const BINS = {
  helm: '/x/helm', kubectl: '/x/kubectl', harvesterCloudProvider: '/work/.tools/harvester/bin/harvester-cloud-provider'
};
const b64 = (s: string) => Buffer.from(s).toString('base64');

function providerPod(volume: any): any {
  return {
    metadata: {
      name: 'harvester-cloud-provider-6d9c7b-x2k4q', namespace: 'kube-system', uid: 'u-1'
    },
    spec: {
      serviceAccountName: 'harvester-cloud-provider',
      hostNetwork:        true,
      containers:         [{
        name:         'harvester-cloud-provider',
        image:        IMAGE,
        command:      ['harvester-cloud-provider'],
        args:         ['--cloud-config=/etc/kubernetes/cloud-config', '--cluster-name=k3s-bare'],
        volumeMounts: [
          {
            name: 'cloud-config', mountPath: '/etc/kubernetes/cloud-config', readOnly: true, ...(volume.secret ? { subPath: 'cloud-config' } : {})
          },
          {
            name: 'kube-api-access-7xq2p', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true
          },
        ],
      }],
      volumes: [volume, {
        name:      'kube-api-access-7xq2p',
        projected: {
          defaultMode: 420,
          sources:     [
            { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
            { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
            { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
          ],
        },
      }],
    },
  };
}
const SECRET_VOLUME = { name: 'cloud-config', secret: { secretName: 'harvester-cloud-config', items: [{ key: 'cloud-config', path: 'cloud-config' }] } };
const SOURCES = {
  secrets:    { 'harvester-cloud-config': { data: { 'cloud-config': b64('apiVersion: v1\nkind: Config\n'), other: b64('x') } } },
  configMaps: { 'kube-root-ca.crt': { data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\n' } } },
  tokens:     { '': 'eyJ.token' },
};
const known = (i: string) => knownImage(i, BINS);
const files = (plan: PodPlan, volume: string) => Object.fromEntries(Object.entries(plan.volumes.find((v) => v.name === volume)?.files || {}).map(([k, v]) => [k, v.toString()]));

describe('the provider\'s Pod', () => {
  it('runs the provider built here with the chart\'s args, its Secret\'s key as the cloud config, and its in-cluster credentials', () => {
    const plan = planPod(providerPod(SECRET_VOLUME), SOURCES, known) as PodPlan;

    expect(plan.containers[0].argv).toEqual(['harvester-cloud-provider', '--cloud-config=/etc/kubernetes/cloud-config', '--cluster-name=k3s-bare']);
    expect(files(plan, 'cloud-config')).toEqual({ 'cloud-config': 'apiVersion: v1\nkind: Config\n' });
    expect(files(plan, 'kube-api-access-7xq2p')).toEqual({
      token: 'eyJ.token', 'ca.crt': '-----BEGIN CERTIFICATE-----\n', namespace: 'kube-system'
    });
    expect(sourcesNamed(providerPod(SECRET_VOLUME))).toEqual({
      secrets: ['harvester-cloud-config'], configMaps: ['kube-root-ca.crt'], tokenAudiences: ['']
    });
  });

  it('mounts the config into the image\'s /etc (copy-on-write) and the token under /run, nothing on the machine', () => {
    const plan = planPod(providerPod(SECRET_VOLUME), SOURCES, known) as PodPlan;
    const image = imageFs(IMAGE, BINS, { helmCmd: '/x/helm-cmd', provider: '/run-dir/provider-bin' });
    const script = mountScript({
      image: image as any, mounts: plan.containers[0].mounts, volumeDirs: { 'cloud-config': '/pod/volumes/cloud-config', 'kube-api-access-7xq2p': '/pod/volumes/kube-api-access-7xq2p' }, hostsFile: '/pod/hosts', overlayDir: '/pod/overlays/c'
    });

    expect(image).toMatchObject({
      overlays: ['/etc'], roots: ['/run', '/tmp'], binDir: '/run-dir/provider-bin'
    });
    expect(script).toContain('mount -t overlay overlay -o \'lowerdir=/etc,upperdir=/pod/overlays/c/_etc/upper,workdir=/pod/overlays/c/_etc/work\' \'/etc\'');
    expect(script).toContain('mount --bind \'/pod/volumes/cloud-config/cloud-config\' \'/etc/kubernetes/cloud-config\'');
    expect(script).toContain('mount --bind \'/pod/volumes/kube-api-access-7xq2p\' \'/run/secrets/kubernetes.io/serviceaccount\'');
    expect(() => mountScript({
      image:  image as any,
      mounts: [{
        path: '/var/lib/kubelet', volume: 'x', readOnly: false
      }],
      volumeDirs: { x: '/pod/x' },
      hostsFile:  '/pod/hosts',
      overlayDir: '/pod/o'
    })).toThrow('mount path /var/lib/kubelet is outside the image\'s own folders (/run, /tmp, /etc)');
  });

  it('waits for a missing Secret, and for a file the VMs do not have, with the kubelet\'s words', () => {
    // The simulator's words for the same Pod (lab/world/cloudConfigCases.ts), which the overview reads as "mount".
    expect(planPod(providerPod(SECRET_VOLUME), { ...SOURCES, secrets: {} }, known)).toMatchObject({
      reason: 'ContainerCreating', retry: true, event: { reason: 'FailedMount', message: 'MountVolume.SetUp failed for volume "cloud-config" : secret "harvester-cloud-config" not found' }
    });
    expect(planPod(providerPod({ name: 'cloud-config', hostPath: { path: '/var/lib/rancher/rke2/etc/config-files/cloud-provider-config', type: 'File' } }), SOURCES, known)).toEqual({
      reason:  'ContainerCreating',
      message: '',
      event:   { reason: 'FailedMount', message: 'MountVolume.SetUp failed for volume "cloud-config" : hostPath type check failed: /var/lib/rancher/rke2/etc/config-files/cloud-provider-config is not a file' },
    });
    expect(planPod(providerPod(SECRET_VOLUME), { ...SOURCES, tokens: {} }, known)).toEqual({ reason: 'CreateContainerConfigError', message: 'volume "kube-api-access-7xq2p": no ServiceAccount token for the Pod' });
  });

  it('is known by its repository at any tag, and only where the provider is built', () => {
    expect(isProviderImage(IMAGE)).toBe(true);
    expect(isProviderImage('registry.example/rancher/harvester-cloud-provider:master-head')).toBe(true);
    expect(isProviderImage('rancher/harvester-csi-driver:v0.2.9')).toBe(false);
    expect(knownImage(IMAGE, { helm: 'h', kubectl: 'k' })).toBe(false);
    expect(providerPrograms(BINS)).toEqual({ 'harvester-cloud-provider': BINS.harvesterCloudProvider });
  });
});
