/**
 * Issue 37: which credentials of a run scripts/stack/secretsInLogs.ts looks for in its logs, and that it finds each
 * one there by its file's name, never printing it. (The run itself: test-real.sh and test-rancher.sh call it.)
 */
import { leaksIn, secretsOfFile } from '../../scripts/stack/secretsInLogs';

const TOKEN = 'k8s-token-0123456789abcdefghij';
const KUBECONFIG = `apiVersion: v1\nkind: Config\nusers:\n- name: stack\n  user:\n    token: ${ TOKEN }\n    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo=\n`;
const KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAwzYbodyOfTheKeyLine1xxxxxxxx\nsecondLineOfTheKeyBodyyyyyyyyyyyyyyyyy\n-----END RSA PRIVATE KEY-----\n';

it('takes every credential a stack file holds, named by its file', () => {
  expect(secretsOfFile('admin.token', 'abcdefghijklmnopqrstuvwxyz012345\n')).toEqual([{ name: 'admin.token', value: 'abcdefghijklmnopqrstuvwxyz012345' }]);
  expect(secretsOfFile('rke2-guest.kubeconfig', KUBECONFIG).map((s) => s.name)).toEqual(['rke2-guest.kubeconfig token', 'rke2-guest.kubeconfig client key']);
  expect(secretsOfFile('tokens.csv', `${ TOKEN },admin,admin,system:masters\n`)).toEqual([{ name: 'tokens.csv line 1', value: TOKEN }]);
  expect(secretsOfFile('sa.key', KEY).map((s) => s.value)).toEqual(['MIIEowIBAAKCAQEAwzYbodyOfTheKeyLine1xxxxxxxx', 'secondLineOfTheKeyBodyyyyyyyyyyyyyyyyy']);
  // A public key, or a value too short to be told from ordinary text, is no credential to look for.
  expect(secretsOfFile('sa.pub', '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----\n')).toEqual([]);
  expect(secretsOfFile('short.token', 'abc')).toEqual([]);
});

it('names each credential a log holds, and Rancher\'s line with a password it made up', () => {
  const secrets = secretsOfFile('rke2-guest.kubeconfig', KUBECONFIG);

  expect(leaksIn(`I1129 request with Authorization: Bearer ${ TOKEN } refused`, secrets)).toEqual(['rke2-guest.kubeconfig token']);
  expect(leaksIn('2026/11/29 15:23:57 [INFO] Bootstrap Password: vb69xzkczvlt7bxwgkhj9jctt9frx6dfm6f55w48mth25nqtl9nwcw', secrets)).toEqual(['Rancher\'s generated bootstrap password']);
  expect(leaksIn('I1129 GET /api/v1/pods 200 (the token not in it)', secrets)).toEqual([]);
});
