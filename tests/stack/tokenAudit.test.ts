/**
 * Issue 37: who deleted the admin's refused login token, read from the local cluster's audit log
 * (lab/stack/rancher/tokenAudit.ts), in the audit.k8s.io/v1 Event lines the kube-apiserver writes.
 */
import { deletionsOf, writesBefore } from '../../lab/stack/rancher/tokenAudit';

const event = (over: Record<string, unknown>) => JSON.stringify({
  kind:       'Event',
  apiVersion: 'audit.k8s.io/v1',
  level:      'Metadata',
  stage:      'ResponseComplete',
  verb:       'delete',
  user:       { username: 'system:serviceaccount:cattle-system:rancher' },
  userAgent:  'rancher/v0.0.0 (linux/amd64) kubernetes/$Format',
  objectRef:  {
    resource: 'tokens', name: 'token-sbz7g', apiGroup: 'management.cattle.io', apiVersion: 'v3'
  },
  responseStatus: { code: 200 },
  stageTimestamp: '2026-11-29T15:05:31.123456Z',
  ...over
});

it('names each delete of the token, and every deletecollection, with who, when and the answer', () => {
  const log = [
    event({}),
    event({ objectRef: { resource: 'tokens', name: 'token-other' } }),
    event({
      verb: 'deletecollection', objectRef: { resource: 'tokens' }, user: { username: 'admin' }, userAgent: undefined
    }),
    'not json',
    '',
  ].join('\n');

  expect(deletionsOf('token-sbz7g', log)).toEqual([
    'delete at 2026-11-29T15:05:31.123456Z by system:serviceaccount:cattle-system:rancher (rancher/v0.0.0 (linux/amd64) kubernetes/$Format) → 200',
    'deletecollection at 2026-11-29T15:05:31.123456Z by admin (no user agent) → 200',
  ]);
  expect(deletionsOf('token-sbz7g', event({ impersonatedUser: { username: 'user-abc' } }))[0]).toContain('by system:serviceaccount:cattle-system:rancher as user-abc');
  expect(deletionsOf('token-none', event({}))).toEqual([]);
});

it('names the writes of UserAttributes and AuthConfigs in the 15 s before a delete (the provider refresh\'s trigger), and no other', () => {
  const write = (resource: string, name: string, at: string) => event({
    verb:      'update',
    objectRef: {
      resource, name, apiGroup: 'management.cattle.io'
    },
    stageTimestamp: at
  });
  const log = [
    write('userattributes', 'user-abc', '2026-11-29T15:05:20.000000Z'),
    write('authconfigs', 'local', '2026-11-29T15:05:30.000000Z'),
    write('userattributes', 'user-old', '2026-11-29T15:04:00.000000Z'),
    write('userattributes', 'user-after', '2026-11-29T15:05:40.000000Z'),
    write('settings', 'server-url', '2026-11-29T15:05:30.000000Z'),
  ].join('\n');

  expect(writesBefore('2026-11-29T15:05:31.123456Z', log)).toEqual([
    'update userattributes/user-abc at 2026-11-29T15:05:20.000000Z by system:serviceaccount:cattle-system:rancher → 200',
    'update authconfigs/local at 2026-11-29T15:05:30.000000Z by system:serviceaccount:cattle-system:rancher → 200',
  ]);
});
