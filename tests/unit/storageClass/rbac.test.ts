import { parseAllDocuments } from 'yaml';
import { csiRbacState, csiRbacYaml } from '@pkg/storageClass/rbac';

const binding = (roleName: string, subjects: Record<string, string>[]) => ({
  metadata: { name: 'b' },
  roleRef:  {
    apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: roleName
  },
  subjects
});

describe('csiRbacYaml', () => {
  // R-CSI-5: harvester-csi-driver `validStorageClass` tells NotFound only with read access to host StorageClasses.
  it('is the documented ClusterRole and ClusterRoleBinding with the real account filled in', () => {
    const docs = parseAllDocuments(csiRbacYaml({ name: 'rke2-guest', namespace: 'default' })).map((d) => d.toJS());

    expect(docs).toEqual([
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind:       'ClusterRole',
        metadata:   {
          labels: {
            'app.kubernetes.io/component': 'apiserver', 'app.kubernetes.io/name': 'harvester', 'app.kubernetes.io/part-of': 'harvester'
          },
          name: 'harvesterhci.io:csi-driver'
        },
        rules: [{
          apiGroups: ['storage.k8s.io'], resources: ['storageclasses'], verbs: ['get', 'list', 'watch']
        }],
      },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind:       'ClusterRoleBinding',
        metadata:   { name: 'default-rke2-guest' },
        roleRef:    {
          apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'harvesterhci.io:csi-driver'
        },
        subjects: [{
          kind: 'ServiceAccount', name: 'rke2-guest', namespace: 'default'
        }],
      },
    ]);
  });

  it('keeps names YAML would read as numbers or booleans as strings', () => {
    const [, crb] = parseAllDocuments(csiRbacYaml({ name: 'true', namespace: '123' })).map((d) => d.toJS());

    expect(crb.subjects[0]).toEqual({
      kind: 'ServiceAccount', name: 'true', namespace: '123'
    });
  });
});

describe('csiRbacState', () => {
  const account = { name: 'rke2-guest', namespace: 'default' };

  it('is bound only when a binding to the CSI ClusterRole names this service account in this namespace', () => {
    expect(csiRbacState([binding('harvesterhci.io:csi-driver', [{
      kind: 'ServiceAccount', name: 'rke2-guest', namespace: 'default'
    }])] as any, account)).toBe('bound');
    expect(csiRbacState([binding('harvesterhci.io:csi-driver', [{
      kind: 'ServiceAccount', name: 'rke2-guest', namespace: 'other'
    }])] as any, account)).toBe('missing');
    expect(csiRbacState([binding('harvesterhci.io:cloudprovider', [{
      kind: 'ServiceAccount', name: 'rke2-guest', namespace: 'default'
    }])] as any, account)).toBe('missing');
    expect(csiRbacState([], account)).toBe('missing');
  });

  it('is unknown when the bindings could not be read', () => {
    expect(csiRbacState(null, account)).toBe('unknown');
  });
});
