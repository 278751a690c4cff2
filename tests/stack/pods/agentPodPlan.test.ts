/**
 * Rancher's agent Pod as the Pod runner plans it (lab/standins/pods/agentImage.ts, images.ts, mountScript.ts): the Pod
 * kube-controller-manager makes from the `cattle-cluster-agent` Deployment of Rancher's registration manifest (rancher
 * v2.15.0 pkg/systemtemplate/template.go: no command, so the image's entrypoint; the registration Secret at
 * /cattle-credentials). It runs the image's run.sh with the agent of the image's version, or waits as ErrImagePull
 * where that version is not built here; its credentials folder exists only in the container's own root.
 */
import { agentImageFs, agentTag } from '../../../lab/standins/pods/agentImage';
import { imageFs, knownImage } from '../../../lab/standins/pods/images';
import { mountScript } from '../../../lab/standins/pods/mountScript';
import { planPod, PodPlan } from '../../../lab/standins/pods/podPlan';

const BINS = {
  helm: '/x/helm', kubectl: '/x/kubectl', rancherAgents: { 'v2.15.0': { agent: '/t/rancher/v2.15.0/bin/agent', runSh: '/t/rancher/src/rancher-v2.15.0/package/run.sh' } }
};
const DIRS = { helmCmd: '/x/helm-cmd', agents: { 'v2.15.0': '/run-dir/rancher-agent-v2.15.0-bin' } };
const b64 = (s: string) => Buffer.from(s).toString('base64');

function agentPod(image: string): any {
  return {
    metadata: {
      name: 'cattle-cluster-agent-7c9d8f-q2x5z', namespace: 'cattle-system', uid: 'u-a'
    },
    spec: {
      serviceAccountName: 'cattle',
      containers:         [{
        name:            'cluster-register',
        image,
        imagePullPolicy: 'IfNotPresent',
        env:             [
          { name: 'CATTLE_SERVER', value: 'https://127.0.0.1:30443' },
          { name: 'CATTLE_CA_CHECKSUM', value: 'ab12' },
          { name: 'CATTLE_CLUSTER', value: 'true' },
          { name: 'CATTLE_K8S_MANAGED', value: 'true' },
          { name: 'CATTLE_CREDENTIAL_NAME', value: 'cattle-credentials-4d5e6f' },
        ],
        volumeMounts: [{
          name: 'cattle-credentials', mountPath: '/cattle-credentials', readOnly: true
        }],
      }],
      volumes: [{ name: 'cattle-credentials', secret: { secretName: 'cattle-credentials-4d5e6f', defaultMode: 320 } }],
    },
  };
}
const SOURCES = {
  secrets: {
    'cattle-credentials-4d5e6f': {
      data: {
        url: b64('https://127.0.0.1:30443'), token: b64('t0k'), namespace: b64('')
      }
    }
  },
  configMaps: {}
};

describe('Rancher\'s agent image', () => {
  it('is known by its version tag, with or without a registry, and only where that version is built', () => {
    expect(agentTag('rancher/rancher-agent:v2.15.0')).toBe('v2.15.0');
    expect(agentTag('registry.local:5000/rancher/rancher-agent:v2.13.8')).toBe('v2.13.8');
    expect(agentTag('rancher/rancher:v2.15.0')).toBeNull();
    expect(knownImage('rancher/rancher-agent:v2.15.0', BINS)).toEqual({ entrypoint: ['run.sh'], workingDir: '/var/lib/rancher' });
    expect(knownImage('rancher/rancher-agent:v2.13.8', BINS)).toBe(false);
    expect(imageFs('rancher/rancher-agent:v2.13.8', BINS, DIRS)).toBeNull();
  });

  it('runs the image\'s entrypoint (run.sh) in /var/lib/rancher with the Deployment\'s environment and the registration Secret', () => {
    const plan = planPod(agentPod('rancher/rancher-agent:v2.15.0'), SOURCES, (i) => knownImage(i, BINS)) as PodPlan;

    expect(plan.containers[0]).toMatchObject({
      argv:       ['run.sh'],
      workingDir: '/var/lib/rancher',
      env:        {
        CATTLE_SERVER: 'https://127.0.0.1:30443', CATTLE_CA_CHECKSUM: 'ab12', CATTLE_CLUSTER: 'true'
      }
    });
    expect(Object.fromEntries(Object.entries(plan.volumes[0].files).map(([k, v]) => [k, v.toString()]))).toEqual({
      url: 'https://127.0.0.1:30443', token: 't0k', namespace: ''
    });
  });

  it('a Pod of a version not built here waits with ErrImagePull and why', () => {
    expect(planPod(agentPod('rancher/rancher-agent:v2.13.8'), SOURCES, (i) => knownImage(i, BINS))).toMatchObject({ reason: 'ErrImagePull', message: expect.stringContaining('rancher/rancher-agent:v2.13.8') });
  });

  it('has /cattle-credentials in a root of its own, /etc and /var/lib copy-on-write, and serves 443 itself', () => {
    const plan = planPod(agentPod('rancher/rancher-agent:v2.15.0'), SOURCES, (i) => knownImage(i, BINS)) as PodPlan;
    const image = imageFs('rancher/rancher-agent:v2.15.0', BINS, DIRS);
    const script = mountScript({
      image: image as any, mounts: plan.containers[0].mounts, volumeDirs: { 'cattle-credentials': '/pod/volumes/cattle-credentials' }, hostsFile: '/pod/hosts', workingDir: '/var/lib/rancher', overlayDir: '/pod/overlays/c'
    });

    expect(image).toEqual(agentImageFs('v2.15.0', '/run-dir/rancher-agent-v2.15.0-bin'));
    expect(image).toMatchObject({ listens443: true, env: expect.arrayContaining(['SSL_CERT_DIR=/etc/kubernetes/ssl/certs', 'AGENT_IMAGE=rancher/rancher-agent:v2.15.0']) });
    expect(script).toContain('mount -t overlay overlay -o \'lowerdir=/etc,upperdir=/pod/overlays/c/_etc/upper,workdir=/pod/overlays/c/_etc/work\' \'/etc\'');
    expect(script).toContain('mount -t overlay overlay -o \'lowerdir=/var/lib,upperdir=/pod/overlays/c/_var_lib/upper,workdir=/pod/overlays/c/_var_lib/work\' \'/var/lib\'');
    // Not on the machine's /: in the root made on the image's private /run, then chrooted into.
    expect(script).not.toMatch(/mount --bind '\/pod\/volumes\/cattle-credentials' '\/cattle-credentials'/);
    expect(script).toContain('mkdir -p "$R"\'/cattle-credentials\'');
    expect(script).toContain('mount --bind \'/pod/volumes/cattle-credentials\' "$R"\'/cattle-credentials\'');
    expect(script).toMatch(/exec \S*chroot "\$R" sh -c 'cd "\$0" && exec "\$@"' '\/var\/lib\/rancher' "\$@"$/);
  });
});
