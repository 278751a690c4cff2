/**
 * A container as the Pod runner starts it (lab/standins/pods/runContainer.ts), for real: in a network namespace of
 * its Pod and a mount namespace of its own (as root, as the stack runs). It sees the shell image's home, its Secret
 * volume read-only at the mount path, a subPath file, the Pod's /etc/hosts and only the Pod's environment; its output
 * is kept in the CRI log format; and nothing stays mounted on the machine.
 */
/** @jest-environment node */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { imageFs } from '../../../lab/standins/pods/images';
import { hostsFile } from '../../../lab/standins/pods/mountScript';
import { logFileOf, runContainer } from '../../../lab/standins/pods/runContainer';

const NETNS = `hcui-test-pod-${ process.pid }`;
const canRun = spawnSync('ip', ['netns', 'add', NETNS]).status === 0;
const ROOT = path.resolve(__dirname, '../../../tmp');

afterAll(() => {
  spawnSync('ip', ['netns', 'delete', NETNS]);
});

(canRun ? describe : describe.skip)('runContainer', () => {
  it('gives the container the image\'s folders, the Pod\'s volumes and hosts, and keeps its output', async() => {
    fs.mkdirSync(ROOT, { recursive: true });
    const podDir = fs.mkdtempSync(path.join(ROOT, 'pod-'));
    const [data, kube] = [path.join(podDir, 'volumes', 'data'), path.join(podDir, 'volumes', 'kube')];

    fs.mkdirSync(data, { recursive: true });
    fs.mkdirSync(kube, { recursive: true });
    fs.writeFileSync(path.join(data, 'operation000'), 'install\0x');
    fs.writeFileSync(path.join(kube, 'config'), 'server: http://127.0.0.1:8001\n');
    fs.writeFileSync(path.join(podDir, 'hosts'), hostsFile('helm-operation-x'));
    const program = [
      'pwd', 'tr "\\0" " " < operation000; echo', 'cat /home/shell/.kube/config', 'grep -c kubernetes.default /etc/hosts',
      'if touch /home/shell/helm/new 2>/dev/null; then echo writable; else echo read-only; fi', 'echo "$KUBECONFIG [$PATH_FROM_MACHINE]"', 'echo oops >&2', 'exit 3',
    ].join('; ');

    // The machine's environment stays out: a container has the Pod's.
    process.env.PATH_FROM_MACHINE = 'leaked';
    const running = runContainer({
      podName: 'helm-operation-x', podDir, netns: NETNS, image: imageFs('rancher/shell:v0.8.1', { helm: '/bin/true', kubectl: '/bin/true' }, { helmCmd: '/bin/true' }) as any, binDir: podDir, volumeDirs: { data, kube }, apiPort: '443'
    }, {
      name:       'helm',
      image:      'rancher/shell:v0.8.1',
      argv:       ['sh', '-c', program],
      env:        { KUBECONFIG: '/home/shell/.kube/config' },
      workingDir: '/home/shell/helm',
      mounts:     [{
        path: '/home/shell/helm', volume: 'data', readOnly: true
      }, {
        path: '/home/shell/.kube/config', volume: 'kube', subPath: 'config', readOnly: false
      }],
    });

    expect(await running.exited).toBe(3);
    delete process.env.PATH_FROM_MACHINE;
    const lines = fs.readFileSync(logFileOf(podDir, 'helm'), 'utf8').trim().split('\n');

    expect(lines.every((l) => /^\d{4}-\d\d-\d\dT[\d:.]+Z (stdout|stderr) F /.test(l))).toBe(true);
    expect(lines.map((l) => l.replace(/^\S+ /, ''))).toEqual([
      'stdout F /home/shell/helm', 'stdout F install x', 'stdout F server: http://127.0.0.1:8001', 'stdout F 1', 'stdout F read-only',
      'stdout F /home/shell/.kube/config []', 'stderr F oops',
    ]);
    // Nothing of the Pod is mounted on the machine, and the volume is untouched.
    expect(execFileSync('cat', ['/proc/self/mountinfo'], { encoding: 'utf8' })).not.toContain(podDir);
    expect(fs.readdirSync(data)).toEqual(['operation000']);
    expect(fs.existsSync('/home/shell')).toBe(false);
    fs.rmSync(podDir, { recursive: true, force: true });
  });
});
