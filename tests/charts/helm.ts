import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { helm, helmEnv, ToolResult } from '../../lab/chartops/run';

/** A Helm home for the tests' whole run: Helm never reads or writes the user's config here. */
const HOME = fs.mkdtempSync(path.join(os.tmpdir(), 'helm-test-home-'));

afterAll(() => fs.rmSync(HOME, { recursive: true, force: true }));

export function runHelm(args: string[], input?: string): ToolResult {
  return helm(args, { env: helmEnv(HOME), input });
}

/** `helm template` of a chart folder or archive, as Rancher installs it (release in cattle-ui-plugin-system). */
export function helmTemplate(chart: string, opts: { release?: string; namespace?: string; set?: string[] } = {}): any[] {
  const r = runHelm([
    'template', opts.release || 'harvester-cloud-ui', chart, '--namespace', opts.namespace || 'cattle-ui-plugin-system',
    ...(opts.set || []).flatMap((s) => ['--set', s]),
  ]);

  if (r.status !== 0) {
    throw new Error(`helm template ${ chart }: ${ r.stderr }`);
  }

  return parseAllDocuments(r.stdout).map((d) => d.toJS()).filter(Boolean);
}
