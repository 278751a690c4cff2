/** @jest-environment node */
/**
 * `/__sim/cloud-config/<cluster>/<case>`: the simulator puts a guest's cloud provider in each cloud-config case the
 * integration overview tells apart (tests/unit/overview/cloudConfig.test.ts decides on the same objects).
 */
import { getObject } from '../../lab/simulator/core/state';
import { cloudConfigControl } from '../../lab/world/cloudConfigCases';
import { call, demoState } from './helpers';

const RKE2 = 'c-m-rke2g001';

describe('the cloud-config cases', () => {
  it('plays a missing Secret: the Deployment mounts it, has no available replica, and kubelet says why', () => {
    const state = demoState();

    state.controls['cloud-config'] = cloudConfigControl(state);
    expect(call(state, 'POST', `/__sim/cloud-config/${ RKE2 }/secret-missing`).status).toBe(200);
    const d = getObject(state, RKE2, 'apps.deployment', 'kube-system/harvester-cloud-provider');

    expect(d?.spec.template.spec.volumes[0].secret.secretName).toBe('harvester-cloud-config');
    expect(d?.status.availableReplicas).toBe(0);
    expect(getObject(state, RKE2, 'secret', 'kube-system/harvester-cloud-config')).toBeUndefined();
    const events = call(state, 'GET', `/k8s/clusters/${ RKE2 }/v1/events/kube-system`, { query: { filter: 'reason=FailedMount' } }).body.data;

    expect(events.map((e: any) => e.message)).toEqual(['MountVolume.SetUp failed for volume "cloud-config" : secret "harvester-cloud-config" not found']);
  });

  it('writes the Secret for the cases that have one, and refuses an unknown case or cluster', () => {
    const state = demoState();

    state.controls['cloud-config'] = cloudConfigControl(state);
    call(state, 'POST', `/__sim/cloud-config/${ RKE2 }/other-namespace`);
    const config = Buffer.from(getObject(state, RKE2, 'secret', 'kube-system/harvester-cloud-config')?.data?.['cloud-config'] || '', 'base64').toString();

    expect(config).toContain('namespace: team-b');
    expect(call(state, 'POST', `/__sim/cloud-config/${ RKE2 }/nonsense`).status).toBe(400);
    expect(call(state, 'POST', '/__sim/cloud-config/c-k3sb001/expired').status).toBe(404);
  });
});
