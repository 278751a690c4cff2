/**
 * Which Services the Pod runner routes to Rancher's server, and the hosts file Rancher then reads
 * (lab/standins/pods/services.ts): the catalog's Service as Rancher's Import Extension Catalog creates it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  GO_HOSTS_CACHE_MS, hostsText, namedServices, namesSeenBy, routesFor, RoutedPod, serviceRoutes
} from '../../../lab/standins/pods/services';

const LABEL = 'catalog.cattle.io/ui-extensions-catalog-image';
const NS = 'cattle-ui-plugin-system';
const service = (spec: Record<string, unknown> = {}, name = 'ui-extension-harvester-cloud-ui-svc') => ({
  metadata: { name, namespace: NS },
  spec:     {
    ports: [{
      name: '', port: 8080, protocol: 'TCP', targetPort: 8080
    }],
    selector:  { [LABEL]: 'ui-extension-harvester-cloud-ui' },
    type:      'ClusterIP',
    clusterIP: '10.63.71.209',
    ...spec,
  },
});
const pod = (name: string, labels: Record<string, string> = { [LABEL]: 'ui-extension-harvester-cloud-ui' }, namespace = NS): RoutedPod => ({
  namespace, name, labels, netns: `netns-${ name }`
});

it('routes a Service to the Pod its selector matches, under the names a Pod would resolve it by and its ClusterIP', () => {
  expect(routesFor([service()], [pod('catalog-a1'), pod('other', { app: 'x' })])).toEqual([{
    key:        `${ NS }/ui-extension-harvester-cloud-ui-svc:8080`,
    names:      [`ui-extension-harvester-cloud-ui-svc.${ NS }.svc.cluster.local`, `ui-extension-harvester-cloud-ui-svc.${ NS }.svc`, `ui-extension-harvester-cloud-ui-svc.${ NS }`],
    port:       8080,
    targetPort: 8080,
    podNetns:   'netns-catalog-a1',
    clusterIP:  '10.63.71.209',
  }]);
  // A headless Service has no ClusterIP to route.
  expect(routesFor([service({ clusterIP: 'None' })], [pod('catalog-a1')])[0].clusterIP).toBeUndefined();
});

it('routes nothing without a matching Pod in the Service\'s namespace, without a selector, or for ExternalName', () => {
  expect(routesFor([service()], [pod('elsewhere', undefined, 'default')])).toEqual([]);
  expect(routesFor([service({ selector: {} })], [pod('catalog-a1')])).toEqual([]);
  expect(routesFor([service({ type: 'ExternalName' })], [pod('catalog-a1')])).toEqual([]);
});

it('leaves out a named target port and UDP, and takes the first Pod by name when several match', () => {
  const ports = [{ port: 80, targetPort: 'http' }, {
    port: 53, targetPort: 53, protocol: 'UDP'
  }, { port: 9000 }];
  const routes = routesFor([service({ ports })], [pod('catalog-b'), pod('catalog-a')]);

  expect(routes.map((r) => [r.port, r.targetPort, r.podNetns])).toEqual([[9000, 9000, 'netns-catalog-a']]);
});

it('keeps what the hosts file held and rewrites only its own section', () => {
  const machine = '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n';
  const once = hostsText(machine, [{ address: '127.0.0.10', names: ['a.ns.svc', 'a.ns'] }]);
  const twice = hostsText(once, [{ address: '127.0.0.11', names: ['b.ns.svc'] }]);

  expect(once.startsWith(machine)).toBe(true);
  expect(once).toContain('127.0.0.10\ta.ns.svc a.ns\n');
  expect(twice.startsWith(machine)).toBe(true);
  expect(twice).not.toContain('a.ns.svc');
  expect(twice).toContain('127.0.0.11\tb.ns.svc\n');
  expect(hostsText(twice, [])).toBe(hostsText(machine, []));
});

it('names a Service that selects Pods from its creation on, before any Pod serves it, as the cluster\'s DNS does', () => {
  expect([...namedServices([service(), service({ selector: {} }, 'kubernetes'), service({ type: 'ExternalName' }, 'external')])]).toEqual([
    [`${ NS }/ui-extension-harvester-cloud-ui-svc`, [`ui-extension-harvester-cloud-ui-svc.${ NS }.svc.cluster.local`, `ui-extension-harvester-cloud-ui-svc.${ NS }.svc`, `ui-extension-harvester-cloud-ui-svc.${ NS }`]],
  ]);
});

it('starts Rancher\'s hosts file from the machine\'s in a fresh run directory, and names nothing while Rancher is not running', () => {
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'run-'));
  const hostsFile = path.join(run, 'rancher', 'hosts');

  try {
    const routes = serviceRoutes({
      clientNetns: () => null, hostsFile, socketDir: path.join(run, 'pods', 'runner', 'services'), log: () => undefined
    });

    routes.reconcile([service()], [pod('catalog-a1')]);
    expect(fs.readFileSync(hostsFile, 'utf8')).toBe(hostsText(fs.readFileSync('/etc/hosts', 'utf8'), []));
    routes.stop();
  } finally {
    fs.rmSync(run, { recursive: true, force: true });
  }
});

it('says when a Go client sees every name written: 5 s (Go\'s hosts cache) after the file last changed, and not before', () => {
  const run = fs.mkdtempSync(path.join(os.tmpdir(), 'run-'));
  const hostsFile = path.join(run, 'hosts');

  try {
    fs.writeFileSync(hostsFile, '127.0.0.1 localhost\n');
    const past = new Date(Date.now() - 60000);

    fs.utimesSync(hostsFile, past, past);
    expect(namesSeenBy(hostsFile)).toBeLessThan(Date.now());
    fs.writeFileSync(hostsFile, '127.0.0.1 localhost\n127.0.0.10 svc.ns.svc\n');
    expect(namesSeenBy(hostsFile) - fs.statSync(hostsFile).mtimeMs).toBeGreaterThanOrEqual(GO_HOSTS_CACHE_MS);
    expect(namesSeenBy(hostsFile)).toBeGreaterThan(Date.now() + GO_HOSTS_CACHE_MS - 1000);
  } finally {
    fs.rmSync(run, { recursive: true, force: true });
  }
});
