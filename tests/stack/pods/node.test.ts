/**
 * The taints the Pod runner lifts from the nodes it is the kubelet of (lab/standins/pods/node.ts), as kube-controller-
 * manager's node lifecycle controller does: the API server gives every new Node `node.kubernetes.io/not-ready`
 * (TaintNodesByCondition), and a Ready node keeps it only while no controller looks, so no Pod would ever bind.
 */
import { taintsAfterConditions } from '../../../lab/standins/pods/node';

const NOT_READY = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' };
const CONTROL_PLANE = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };
const node = (ready: string, taints: any[]) => ({ spec: { taints }, status: { conditions: [{ type: 'Ready', status: ready }] } });

describe('taintsAfterConditions', () => {
  it('lifts not-ready from a Ready node and keeps the node\'s other taints', () => {
    expect(taintsAfterConditions(node('True', [NOT_READY, CONTROL_PLANE]))).toEqual([CONTROL_PLANE]);
  });

  it('keeps not-ready on a node that is not Ready, and changes nothing where nothing is due', () => {
    expect(taintsAfterConditions(node('False', [NOT_READY]))).toBeNull();
    expect(taintsAfterConditions(node('True', [CONTROL_PLANE]))).toBeNull();
    expect(taintsAfterConditions(node('True', []))).toBeNull();
  });
});
