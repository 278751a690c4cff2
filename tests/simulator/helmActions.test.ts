/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { commandArgs, OPERATION_TIMING } from '../../lab/simulator/catalog/helmOperation';
import { call, demoState } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const HOST = { host: 'localhost:8005', 'x-forwarded-proto': 'https' };
const BASE = 'https://localhost:8005/v1';
const REPO = '/v1/catalog.cattle.io.clusterrepos/harvester-cloud-ui';
const NS = 'cattle-ui-plugin-system';
const CHART = 'harvester-cloud-ui';
/** The version the committed index lists first (the newest), read from the file so the test follows it. */
const VERSION: string = parse(fs.readFileSync(path.join(ROOT, 'assets/index.yaml'), 'utf8')).entries[CHART][0].version;

/** The body shell/dialog/InstallExtensionDialog.vue `install()` posts. */
const installBody = (version = VERSION) => ({
  charts: [{
    chartName:   CHART,
    version,
    releaseName: CHART,
    annotations: { 'catalog.cattle.io/ui-source-repo-type': 'cluster', 'catalog.cattle.io/ui-source-repo': 'harvester-cloud-ui' },
    values:      {},
  }],
  namespace: NS,
});

const uiPlugins = (state: ReturnType<typeof demoState>) => call(state, 'GET', `/v1/catalog.cattle.io.uiplugins/${ NS }`).body.data;
const apps = (state: ReturnType<typeof demoState>) => call(state, 'GET', `/v1/catalog.cattle.io.apps/${ NS }`).body.data;
/** Lets the operations started so far run to the end (their pods start, run helm, exit). */
const finish = () => jest.advanceTimersByTime(OPERATION_TIMING.startMs + OPERATION_TIMING.runMs);
/** A POST of an action, its operation then played out. */
const act = (state: ReturnType<typeof demoState>, p: string, action: string, body: unknown, extra: Record<string, unknown> = {}) => {
  const res = call(state, 'POST', p, {
    query: { action }, body, ...extra
  });

  finish();

  return res;
};
const operation = (state: ReturnType<typeof demoState>, out: any) => call(state, 'GET', `/v1/catalog.cattle.io.operations/${ out.operationNamespace }/${ out.operationName }`, { headers: HOST });

describe('Helm actions on the catalog types (Extensions → Install / Uninstall)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a ClusterRepo carries install and upgrade actions, an App uninstall, as Steve writes action links', () => {
    const state = demoState();
    const repo = call(state, 'GET', REPO, { headers: HOST }).body;

    expect(repo.actions).toEqual({
      install: `${ BASE }/catalog.cattle.io.clusterrepos/harvester-cloud-ui?action=install`,
      upgrade: `${ BASE }/catalog.cattle.io.clusterrepos/harvester-cloud-ui?action=upgrade`,
    });
    act(state, REPO, 'install', installBody());
    const app = call(state, 'GET', `/v1/catalog.cattle.io.apps/${ NS }/${ CHART }`, { headers: HOST }).body;

    expect(app.actions).toEqual({ uninstall: `${ BASE }/catalog.cattle.io.apps/${ NS }/${ CHART }?action=uninstall` });
    // Types without action handlers have no `actions` at all (the encoder leaves the empty map out).
    expect(call(state, 'GET', '/v1/management.cattle.io.settings/server-version').body).not.toHaveProperty('actions');
  });

  it('install answers 201 with the operation, and the chart\'s UIPlugin and App appear', () => {
    const state = demoState();

    expect(uiPlugins(state)).toEqual([]);
    const res = act(state, REPO, 'install', installBody(), { headers: HOST });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      type: 'chartActionOutput', links: {}, operationName: expect.stringMatching(/^helm-operation-[a-z0-9]{5}$/), operationNamespace: NS
    });
    const [plugin] = uiPlugins(state);
    const [app] = apps(state);

    expect(plugin).toMatchObject({ id: `${ NS }/${ CHART }`, spec: { plugin: { name: CHART, version: VERSION } } });
    expect(app).toMatchObject({
      id:       `${ NS }/${ CHART }`,
      metadata: { labels: { 'catalog.cattle.io/cluster-repo-name': 'harvester-cloud-ui' } },
      spec:     {
        name:      CHART,
        namespace: NS,
        version:   1,
        info:      { status: 'deployed' },
        chart:     {
          metadata: {
            name: CHART, version: VERSION, annotations: { 'catalog.cattle.io/ui-source-repo': 'harvester-cloud-ui', 'catalog.cattle.io/ui-source-repo-type': 'cluster' }
          }
        },
      },
      status: { summary: { state: 'deployed' } },
    });
    // The dashboard's /v1/uiplugins lists it, so the next page load loads the extension.
    expect(uiPlugins(state)).toHaveLength(1);
  });

  it('the operation is Rancher\'s record of the helm command, finished, with its logs link', () => {
    const state = demoState();
    const out = act(state, REPO, 'install', installBody()).body;
    const op = operation(state, out);

    expect(op.status).toBe(200);
    expect(op.body).toMatchObject({
      id:       `${ NS }/${ out.operationName }`,
      type:     'catalog.cattle.io.operation',
      links:    { logs: `${ BASE }/catalog.cattle.io.operations/${ NS }/${ out.operationName }/logs` },
      metadata: { state: { transitioning: false, error: false } },
      status:   {
        action:       'install',
        releaseName:  CHART,
        namespace:    NS,
        podName:      out.operationName,
        podNamespace: 'cattle-system',
        podCreated:   true,
        command:      [
          'helm', 'install', `--labels=catalog.cattle.io/cluster-repo-name=harvester-cloud-ui`, `--namespace=${ NS }`, `--version=${ VERSION }`,
          CHART, `/home/shell/helm/${ CHART }-${ VERSION }.tgz`,
        ],
      },
    });
  });

  it('the operation plays out as Rancher reports it: waiting for its pod, running (logs link, Helm changes made), done', () => {
    const state = demoState();
    const out = call(state, 'POST', REPO, { query: { action: 'install' }, body: installBody() }).body;
    const op = () => operation(state, out).body;

    expect(op().metadata.state).toMatchObject({
      name: 'reconciling', transitioning: true, message: 'waiting to run operation'
    });
    expect(op().links).not.toHaveProperty('logs');
    expect(uiPlugins(state)).toEqual([]);

    jest.advanceTimersByTime(OPERATION_TIMING.startMs);
    expect(op().metadata.state).toMatchObject({ transitioning: true, message: 'running operation' });
    expect(op().status).toMatchObject({ podCreated: true, observedGeneration: 1 });
    expect(op().links).toHaveProperty('logs');
    expect(uiPlugins(state)).toHaveLength(1);

    jest.advanceTimersByTime(OPERATION_TIMING.runMs);
    expect(op().metadata.state).toMatchObject({
      name: 'active', transitioning: false, error: false
    });
    expect(op().status.conditions).toEqual([
      expect.objectContaining({ type: 'Reconciling', status: 'False' }), expect.objectContaining({ type: 'Stalled', status: 'False' }),
    ]);
  });

  it('upgrade keeps the release and takes the next revision', () => {
    const state = demoState();

    act(state, REPO, 'install', installBody());
    const res = act(state, REPO, 'upgrade', installBody());

    expect(res.status).toBe(201);
    expect(apps(state)).toHaveLength(1);
    expect(apps(state)[0].spec).toMatchObject({ version: 2, info: { status: 'deployed', description: 'Upgrade complete' } });
    expect(operation(state, res.body).body.status).toMatchObject({
      action:  'upgrade',
      command: expect.arrayContaining(['helm', 'upgrade', '--history-max=5', '--install=true']),
    });
  });

  it('uninstall answers 201 with the operation, and the UIPlugin and App go', () => {
    const state = demoState();

    act(state, REPO, 'install', installBody());
    const res = act(state, `/v1/catalog.cattle.io.apps/${ NS }/${ CHART }`, 'uninstall', {});

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'chartActionOutput', operationNamespace: NS });
    expect(uiPlugins(state)).toEqual([]);
    expect(apps(state)).toEqual([]);
    expect(operation(state, res.body).body.status).toMatchObject({
      action: 'uninstall', releaseName: CHART, command: ['helm', 'uninstall', `--namespace=${ NS }`, CHART]
    });
  });

  it('a chart version the repository does not have fails as Helm\'s index lookup does, and nothing is installed', () => {
    const state = demoState();
    const res = act(state, REPO, 'install', installBody('9.9.9'));

    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      type: 'error', code: 'ServerError', message: `no chart version found for ${ CHART }-9.9.9`
    });
    expect(call(state, 'POST', REPO, { query: { action: 'install' }, body: { charts: [{ chartName: 'nope' }], namespace: NS } }).body.message).toBe('no chart name found');
    expect(uiPlugins(state)).toEqual([]);
    expect(call(state, 'GET', `/v1/catalog.cattle.io.operations/${ NS }`).body.data).toEqual([]);
  });

  it('refuses an action the type has no handler for (403 PermissionDenied), and unknown repos and apps (404)', () => {
    const state = demoState();

    expect(call(state, 'POST', REPO, { query: { action: 'uninstall' }, body: {} })).toMatchObject({ status: 403, body: { code: 'PermissionDenied', message: 'no such action uninstall' } });
    expect(act(state, '/v1/catalog.cattle.io.clusterrepos/nope', 'install', installBody()).status).toBe(404);
    expect(call(state, 'POST', `/v1/catalog.cattle.io.apps/${ NS }/nope`, { query: { action: 'uninstall' }, body: {} }).status).toBe(404);
  });

  it('refuses the viewer (403), who can neither read the repository nor install', () => {
    const state = demoState();
    const res = act(state, REPO, 'install', installBody(), { as: 'viewer' });

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('Forbidden');
    expect(uiPlugins(state)).toEqual([]);
    act(state, REPO, 'install', installBody());
    expect(act(state, `/v1/catalog.cattle.io.apps/${ NS }/${ CHART }`, 'uninstall', {}, { as: 'viewer' }).status).toBe(403);
    expect(uiPlugins(state)).toHaveLength(1);
  });

  it('renders helm flags as helmop does: --kebab-case, sorted, then release and chart', () => {
    expect(commandArgs({
      operation:   'upgrade',
      releaseName: 'r',
      namespace:   'ns',
      flags:       {
        version: '1.0.0', historyMax: 5, install: true
      },
      chartFile:  'c-1.0.0.tgz',
      valuesFile: 'values-c-1.0.0.yaml'
    })).toEqual([
      'helm', 'upgrade', '--history-max=5', '--install=true', '--namespace=ns', '--values=/home/shell/helm/values-c-1.0.0.yaml', '--version=1.0.0', 'r', '/home/shell/helm/c-1.0.0.tgz',
    ]);
  });
});
