/**
 * The Pod runner as the kubelet of k3s-bare's VMs (lab/standins/pods, sites.ts `bare`), on the real stack: Pods the
 * real ReplicaSet controller makes from a Deployment of Harvester's provider image, and what a user then sees on the
 * Pod and in the overview's check of the provider (pkg overview/cloudConfig.ts `podTrouble`): a cloud config on the
 * nodes' disk the VMs do not have waits in ContainerCreating with the kubelet's FailedMount event; a provider that
 * exits is restarted with the kubelet's back-off (CrashLoopBackOff, its exit in `lastState`); an image the runner has
 * no program for is ErrImagePull with the reason; and the Deployment's availability is kube-controller-manager's.
 */
import { kubeRequest, KubeTarget } from '../../lab/core/kubeClient';
import { kubeTarget } from '../../lab/stack/stack';
import { podTrouble } from '../../pkg/harvester-cloud-ui/overview/cloudConfig';
import { KubeObject } from '../../pkg/harvester-cloud-ui/data/types';
import { realStack } from './stack';

type Obj = Record<string, any>;

const NS = 'runner-test';
const PROVIDER = 'rancher/harvester-cloud-provider:v0.2.7';
let bare: KubeTarget;

async function until<T>(what: string, read: () => Promise<T | undefined | null | false>, ms = 60000): Promise<T> {
  const end = Date.now() + ms;

  for (;;) {
    const v = await read();

    if (v) {
      return v as T;
    }
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${ what }`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function deployment(name: string, image: string, volume: Obj): Obj {
  return {
    apiVersion: 'apps/v1',
    kind:       'Deployment',
    metadata:   { name, namespace: NS },
    spec:       {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec:     {
          containers: [{
            name:         'harvester-cloud-provider',
            image,
            command:      ['harvester-cloud-provider'],
            args:         ['--cloud-config=/etc/kubernetes/cloud-config', '--cluster-name=k3s-bare'],
            volumeMounts: [{
              name: 'cloud-config', mountPath: '/etc/kubernetes/cloud-config', readOnly: true, ...(volume.secret ? { subPath: 'cloud-config' } : {})
            }],
          }],
          volumes: [{ name: 'cloud-config', ...volume }],
        },
      },
    },
  };
}

const podsOf = async(app: string): Promise<(KubeObject & Obj)[]> => (await kubeRequest(bare, 'GET', `/api/v1/namespaces/${ NS }/pods?labelSelector=app%3D${ app }`)).body?.items || [];
const eventsOf = async(): Promise<(KubeObject & Obj)[]> => (await kubeRequest(bare, 'GET', `/api/v1/namespaces/${ NS }/events`)).body?.items || [];

beforeAll(async() => {
  bare = kubeTarget(await realStack(), 'bare');
  await kubeRequest(bare, 'POST', '/api/v1/namespaces', { metadata: { name: NS } });
}, 180000);

afterAll(async() => {
  await kubeRequest(bare, 'DELETE', `/api/v1/namespaces/${ NS }`);
});

describe('the Pod runner on k3s-bare', () => {
  it('leaves a provider whose cloud config is a file on the nodes waiting, with the FailedMount event the overview reads', async() => {
    const path = '/var/lib/rancher/rke2/etc/config-files/cloud-provider-config';

    expect((await kubeRequest(bare, 'POST', `/apis/apps/v1/namespaces/${ NS }/deployments`, deployment('on-disk', PROVIDER, { hostPath: { path, type: 'File' } }))).status).toBe(201);
    const event = await until('the FailedMount event', async() => (await eventsOf()).find((e) => e.reason === 'FailedMount'));
    const [pod] = await podsOf('on-disk');

    expect(event).toMatchObject({
      type: 'Warning', message: `MountVolume.SetUp failed for volume "cloud-config" : hostPath type check failed: ${ path } is not a file`, involvedObject: { kind: 'Pod', uid: pod.metadata.uid }, source: { component: 'kubelet', host: pod.spec.nodeName }
    });
    expect(pod.status).toMatchObject({ phase: 'Pending', containerStatuses: [{ state: { waiting: { reason: 'ContainerCreating' } } }] });
    expect(podTrouble([pod], [event], 'cloud-config')).toBe('mount');
  }, 90000);

  it('restarts a provider that exits with the kubelet\'s back-off, and the Deployment is not available', async() => {
    const secret = { metadata: { name: 'not-a-kubeconfig', namespace: NS }, stringData: { 'cloud-config': 'this is not a kubeconfig' } };

    expect((await kubeRequest(bare, 'POST', `/api/v1/namespaces/${ NS }/secrets`, secret)).status).toBe(201);
    expect((await kubeRequest(bare, 'POST', `/apis/apps/v1/namespaces/${ NS }/deployments`, deployment('crashing', PROVIDER, { secret: { secretName: 'not-a-kubeconfig' } }))).status).toBe(201);
    const pod = await until('CrashLoopBackOff', async() => (await podsOf('crashing')).find((p) => p.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'CrashLoopBackOff'));
    const status = pod.status.containerStatuses[0];

    expect(status.restartCount).toBeGreaterThanOrEqual(1);
    expect(status.lastState.terminated.exitCode).not.toBe(0);
    expect(status.state.waiting.message).toMatch(/^back-off 10s restarting failed container=harvester-cloud-provider pod=crashing-/);
    expect(pod.status.phase).toBe('Running');
    expect(podTrouble([pod], [], 'cloud-config')).toBe('crash');
    const d = await until('the Deployment\'s status from kube-controller-manager', async() => {
      const r = (await kubeRequest(bare, 'GET', `/apis/apps/v1/namespaces/${ NS }/deployments/crashing`)).body;

      return r?.status?.conditions?.find((c: Obj) => c.type === 'Available') && r;
    });

    expect(d.status.availableReplicas || 0).toBe(0);
    expect(d.status.conditions.find((c: Obj) => c.type === 'Available')).toMatchObject({ status: 'False', message: 'Deployment does not have minimum availability.' });
  }, 90000);

  it('says why it cannot run an image it has no program for', async() => {
    expect((await kubeRequest(bare, 'POST', `/apis/apps/v1/namespaces/${ NS }/deployments`, deployment('unknown-image', 'rancher/harvester-csi-driver:v0.2.9', { emptyDir: {} }))).status).toBe(201);
    const pod = await until('ErrImagePull', async() => (await podsOf('unknown-image')).find((p) => p.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'ErrImagePull'));

    expect(pod.status.containerStatuses[0].state.waiting.message).toBe('image "rancher/harvester-csi-driver:v0.2.9": this Pod runner has no program for it, and it is in no registry on this machine (lab/standins/pods/images.ts)');
    expect(pod.spec.nodeName).toMatch(/^k3s-bare-pool1-[ab]$/);
  }, 90000);
});
