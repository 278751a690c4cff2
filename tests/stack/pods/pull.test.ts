/**
 * Where the Pod runner pulls from and with which credentials (lab/standins/pods/pull.ts): the Pod's
 * imagePullSecrets as a kubelet reads them, for a registry on this machine only.
 */
import { credentialsFor, localRegistry } from '../../../lab/standins/pods/pull';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const dockerconfigjson = (auths: Record<string, unknown>) => ({ type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': b64(JSON.stringify({ auths })) } });

it('pulls only from a registry on this machine', () => {
  expect(localRegistry('127.0.0.1:27608/rancher-extensions/ui-extension-harvester-cloud-ui:0.5.2')).toBe('127.0.0.1:27608');
  expect(localRegistry('localhost:5000/x/y')).toBe('localhost:5000');
  expect(localRegistry('rancher/rancher-webhook:v0.8.0')).toBeNull();
  expect(localRegistry('registry.example.internal/rancher-extensions/ui-extension-harvester-cloud-ui:0.5.2')).toBeNull();
});

it('takes the first pull Secret with an entry for the image\'s registry: username and password, or auth', () => {
  const other = dockerconfigjson({ 'registry.example.internal': { username: 'u', password: 'p' } });
  const withAuth = dockerconfigjson({ '127.0.0.1:5000': { auth: b64('publisher:se:cret') } });
  const plain = dockerconfigjson({ '127.0.0.1:5000': { username: 'first', password: 'one' } });

  expect(credentialsFor('127.0.0.1:5000', [undefined, other, withAuth, plain])).toEqual({ username: 'publisher', password: 'se:cret' });
  expect(credentialsFor('127.0.0.1:5000', [plain, withAuth])).toEqual({ username: 'first', password: 'one' });
  expect(credentialsFor('127.0.0.1:5000', [other, { data: { '.dockerconfigjson': b64('not json') } }])).toBeUndefined();
  // The older .dockercfg form: the registries at the top level.
  expect(credentialsFor('127.0.0.1:5000', [{ data: { '.dockercfg': b64(JSON.stringify({ 'http://127.0.0.1:5000': { username: 'old', password: 'x' } })) } }])).toEqual({ username: 'old', password: 'x' });
});
