/**
 * Where the Pod runner binds a Pod (lab/standins/pods/schedule.ts), in kube-scheduler's place: on k3s-bare's VMs,
 * the provider chart's Pod (harvester/charts charts/harvester-cloud-provider values.yaml: nodeSelector
 * `kubernetes.io/os: linux`, the control-plane toleration), a DaemonSet's Pod (the node named by `matchFields`), and
 * a Pod no VM fits, with kube-scheduler's kind of message.
 */
import { nodeFor, unfit } from '../../../lab/standins/pods/schedule';

const vm = (name: string, taints: any[] = []) => ({ metadata: { name, labels: { 'kubernetes.io/os': 'linux', 'node-role.kubernetes.io/control-plane': 'true' } }, spec: { taints } });
const CONTROL_PLANE = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };
const providerPod = {
  spec: {
    nodeSelector: { 'kubernetes.io/os': 'linux' },
    tolerations:  [{
      effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane', operator: 'Equal'
    }, {
      effect: 'NoSchedule', key: 'node.cloudprovider.kubernetes.io/uninitialized', operator: 'Equal', value: 'true'
    }],
  }
};

describe('nodeFor', () => {
  it('binds the provider chart\'s Pod to the first VM, its tolerations covering the control-plane taint', () => {
    expect(nodeFor(providerPod, [vm('k3s-bare-pool1-a', [CONTROL_PLANE]), vm('k3s-bare-pool1-b')])).toEqual({ node: 'k3s-bare-pool1-a' });
  });

  it('binds a DaemonSet\'s Pod to the node its affinity names (matchFields metadata.name)', () => {
    const pod = {
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{
                matchFields: [{
                  key: 'metadata.name', operator: 'In', values: ['k3s-bare-pool1-b']
                }]
              }]
            }
          }
        }
      }
    };

    expect(nodeFor(pod, [vm('k3s-bare-pool1-a'), vm('k3s-bare-pool1-b')])).toEqual({ node: 'k3s-bare-pool1-b' });
  });

  it('says why no node fits: a label the nodes lack, a taint not tolerated', () => {
    const tainted = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' };

    expect(nodeFor({ spec: {} }, [vm('a', [tainted])])).toEqual({ unschedulable: '0/1 nodes are available: node a has the taint node.kubernetes.io/not-ready:NoSchedule, which the Pod does not tolerate' });
    expect(unfit({ spec: { nodeSelector: { 'kubernetes.io/os': 'windows' } } }, vm('a'))).toBe('node a does not have the label kubernetes.io/os=windows');
    expect(unfit({ spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'node-role.kubernetes.io/worker', operator: 'Exists' }] }] } } } } }, vm('a'))).toBe('node a does not match the Pod\'s node affinity');
  });

  it('lets an Exists toleration without a key tolerate every taint, and ignores PreferNoSchedule', () => {
    expect(unfit({ spec: { tolerations: [{ operator: 'Exists' }] } }, vm('a', [CONTROL_PLANE]))).toBeNull();
    expect(unfit({ spec: {} }, vm('a', [{ key: 'x', effect: 'PreferNoSchedule' }]))).toBeNull();
  });
});
