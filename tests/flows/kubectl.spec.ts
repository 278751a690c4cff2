/**
 * kubectl and the dashboard on the same objects, as users mix them: a Service created with Debian's kubectl, saved
 * in the Add-on Config of the real Rancher UI, read back with kubectl. Runs in the newest Rancher build present (the
 * mechanics do not differ between versions) against the simulator's Kubernetes API, and on Rancher's own server with
 * the kubeconfig Rancher gives (its cluster proxy, the agent, the real kube-apiserver and Harvester's provider).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RKE2_GUEST } from '../../lab/world/ids';
import { SEL } from './lib/selectors';
import { findKubectl } from '../kubectl/kubectl';
import { runsEveryFlow } from '../../lab/builds';
import { expect, test } from './fixtures';
import { expectOneAddOnConfig, openServiceEdit, saveAndLeave, settled } from './lib/steps';
import { SERVER } from './needs';

const SERVICE = JSON.stringify({
  apiVersion: 'v1',
  kind:       'Service',
  metadata:   {
    name: 'from-kubectl', namespace: 'default', annotations: { 'example.com/made-by': 'kubectl' }
  },
  spec: {
    type:     'LoadBalancer',
    selector: { app: 'web' },
    ports:    [{
      name: 'http', port: 80, protocol: 'TCP', targetPort: 8080
    }]
  },
});

test('a Service created with kubectl, configured in the Add-on Config, reads back with kubectl', SERVER, async({ adminPage: page, sim }, testInfo) => {
  test.skip(!sim.stack && !runsEveryFlow(testInfo.project.name), 'runs in the newest Rancher build (and rancher-next), and on Rancher\'s own server');
  test.skip(!sim.kubeconfig, 'no kubeconfig reaches what this backend\'s dashboard shows');
  const kubectl = findKubectl();

  test.skip(!kubectl.path, kubectl.reason || 'no kubectl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compat-kubectl-'));
  const kubeconfig = path.join(dir, 'kubeconfig');

  // A credential: written for kubectl only (mode 0600), never logged, removed with the directory.
  fs.writeFileSync(kubeconfig, await (sim.kubeconfig as NonNullable<typeof sim.kubeconfig>)(RKE2_GUEST.id), { mode: 0o600 });
  const run = (args: string[], input?: string) => new Promise<string>((resolve, reject) => {
    const child = execFile(kubectl.path as string, ['--context', RKE2_GUEST.name, ...args], {
      env: {
        ...process.env, KUBECONFIG: kubeconfig, HOME: dir
      },
      encoding: 'utf8',
      timeout:  30000
    }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout)));

    child.stdin?.end(input ?? '');
  });

  try {
    // --validate=false: the simulator serves no OpenAPI documents for kubectl's client-side validation.
    expect((await run(['create', '--validate=false', '-f', '-'], SERVICE)).trim()).toBe('service/from-kubectl created');
    // Where Harvester's provider and Rancher's agent run, what they write on it comes first (steps.ts settled).
    await settled(sim, RKE2_GUEST.id, 'default/from-kubectl');
    await openServiceEdit(page, sim.dashboard, RKE2_GUEST.id, 'default', 'from-kubectl', 'list');
    await expectOneAddOnConfig(page);
    // The IP source is fixed once the load balancer exists: on edit the Add-on Config shows it locked.
    await expect(page.locator(SEL.lb.sourceLocked)).toBeVisible();
    const before = JSON.parse(await run(['get', 'service', 'from-kubectl', '-o', 'json']));

    await saveAndLeave(page);
    const back = JSON.parse(await run(['get', 'service', 'from-kubectl', '-o', 'json']));

    // kubectl sees the dashboard's save (a new resourceVersion) and no provider key the user did not choose.
    expect(Number(back.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
    expect(back.metadata.annotations).toEqual(before.metadata.annotations);
    expect(Object.keys(back.metadata.annotations).filter((k) => k.startsWith('cloudprovider.harvesterhci.io/'))).toEqual([]);
    expect(back.metadata.annotations['example.com/made-by']).toBe('kubectl');
    if (sim.simulated) {
      expect(back.metadata.annotations).toEqual({ 'example.com/made-by': 'kubectl' });
    }
    expect(back.spec.ports[0]).toMatchObject({ port: 80, targetPort: 8080 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
