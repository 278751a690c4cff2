/**
 * Issue 36 on Rancher's own server: the helm-operation Pod of the extension's Install (the stack installs it through
 * Rancher's `install` action as it starts) run by the stack's Pod runner, as Rancher sees it: the Pod bound and
 * Succeeded with both containers exited 0, the Operation Active, and the Operation's logs link (Apps → Recent
 * Operations → View Logs) answering with what `helm-cmd` printed, through Rancher, the local API server and the
 * runner's kubelet API. And how the set-up page reads an Operation (R-SET-10, pkg setup/operation.ts) checked on
 * Rancher's own: Active is "done", and an install Helm refuses is "failed" with Rancher's words.
 */
import { EXTENSION, installRequest } from '../../../lab/stack/rancher/extension';
import { EXTENSION_REPO } from '../../../lab/world/ids';
import { operationOutcome, OperationOutcome } from '../../../pkg/harvester-cloud-ui/setup/operation';
import { loginToken, rancherExpect } from '../../../lab/stack/rancher/rancherApi';
import { readRancherInfo } from '../../../lab/stack/rancher/state';
import { DEMO_PASSWORD } from '../../../lab/simulator/rancher/users';

let token: string;

beforeAll(async() => {
  if (!readRancherInfo()) {
    throw new Error('no Rancher running in the stack: npm run test:rancher starts it');
  }
  token = await loginToken('admin', DEMO_PASSWORD);
});

/** The newest install of the extension's release (another suite may have uninstalled and installed it again). */
async function latestOperation(): Promise<any> {
  const ops = (await rancherExpect('GET', '/v1/catalog.cattle.io.operations', token)).body.data.filter((o: any) => o.status?.releaseName === EXTENSION && o.status?.action === 'install');

  return ops.sort((a: any, b: any) => a.metadata.creationTimestamp.localeCompare(b.metadata.creationTimestamp)).pop();
}

it('the Install\'s helm-operation Pod ran on the runner\'s node, and Rancher made its Operation Active', async() => {
  const op = await latestOperation();

  expect(op.status).toMatchObject({
    action: 'install', podCreated: true, podNamespace: 'cattle-system'
  });
  expect(op.metadata.state).toMatchObject({
    name: 'active', error: false, transitioning: false
  });
  // R-SET-10: the set-up page reads this as Helm done.
  expect(operationOutcome(op)).toEqual({ state: 'done' });
  const pod = (await rancherExpect('GET', `/k8s/clusters/local/api/v1/namespaces/cattle-system/pods/${ op.status.podName }`, token)).body;

  expect(pod.spec.nodeName).toBe('pod-runner');
  expect(pod.status.phase).toBe('Succeeded');
  expect(pod.status.containerStatuses.map((c: any) => [c.name, c.state.terminated?.exitCode])).toEqual([['helm', 0], ['proxy', 0]]);
});

it('the Operation\'s logs link shows what helm-cmd printed: the helm command, then Helm\'s own lines', async() => {
  const op = await latestOperation();
  const r = await rancherExpect('GET', `/v1/catalog.cattle.io.operations/${ op.metadata.namespace }/${ op.metadata.name }/logs?container=helm`, token);
  const lines = r.text.trim().split('\n');

  expect(lines[0]).toMatch(new RegExp(`^helm install .*--namespace=cattle-ui-plugin-system .*${ EXTENSION } /home/shell/helm/${ EXTENSION }-[\\d.]+\\.tgz$`));
  expect(lines).toContain(`NAME: ${ EXTENSION }`);
  expect(lines).toContain('STATUS: deployed');
});

it('R-SET-10: an install Helm refuses is answered 201 with its Operation, which Rancher then marks failed, and the set-up page reads it so', async() => {
  // A release name Helm rejects (not a DNS-1123 name): Rancher takes the request, its helm-operation Pod fails.
  const body = installRequest((await latestOperation()).status.version, EXTENSION_REPO) as { charts: Record<string, unknown>[] };

  body.charts[0].releaseName = 'Not_A_Release';
  const answer = (await rancherExpect('POST', `/v1/catalog.cattle.io.clusterrepos/${ EXTENSION_REPO }?action=install`, token, body)).body;

  expect(answer).toMatchObject({ type: 'chartActionOutput', operationNamespace: 'cattle-ui-plugin-system' });
  const url = `/v1/catalog.cattle.io.operations/${ answer.operationNamespace }/${ answer.operationName }`;
  let outcome: OperationOutcome = { state: 'running' };

  for (let i = 0; i < 240 && outcome.state === 'running'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    outcome = operationOutcome((await rancherExpect('GET', url, token)).body);
  }
  // The shell image's helm-cmd writes no termination message and runs helm under xargs, which exits 123 when the
  // command fails: Rancher's words are that code alone (Helm's own are in the log).
  expect(outcome).toEqual({ state: 'failed', message: 'exit code: 123' });
  const log = (await rancherExpect('GET', `${ url }/logs?container=helm`, token)).text;

  expect(log).toMatch(/Not_A_Release/);
});
