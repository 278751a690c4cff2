/**
 * The file system a container sees, made as a shell script that runs first in the container's own mount namespace
 * (`unshare --mount --propagation private`), then `exec`s the container's command: the image's directories
 * (images.ts) as private tmpfs or copy-on-write overlays of the machine's (changes kept in the container's folder), the Pod's volumes bound at their mount paths (a subPath binds one file or folder;
 * read-only mounts are remounted read-only), and the Pod's /etc/hosts, as a kubelet writes it. Nothing is mounted
 * on the machine: every path is inside the image's own directories, or the script refuses it. A pulled image
 * (images.ts `rootfs`) runs in its own folder instead.
 */
import path from 'node:path';
import { podRootLines, Volume } from '../../stack/rancher/podRoot';
import { ImageFs } from './images';
import { MountPlan } from './podPlan';

const q = (s: string) => `'${ s.replace(/'/g, `'\\''`) }'`;

/** /var/run is /run on the machines here (and in the images): a mount under it lands in the image's /run. */
function canonical(p: string): string {
  return path.posix.normalize(p).replace(/^\/var\/run(\/|$)/, '/run$1');
}

function under(p: string, roots: string[]): boolean {
  return roots.some((r) => p === r || p.startsWith(`${ r }/`));
}

export interface MountInput {
  image: ImageFs;
  mounts: MountPlan[];
  /** Volume name → its folder on the machine. */
  volumeDirs: Record<string, string>;
  hostsFile: string;
  workingDir?: string;
  /** Where an overlay's changes are kept (the container's own folder); needed when the image has overlays. */
  overlayDir?: string;
}

/**
 * A pulled image's container: the volumes and the Pod's /etc/hosts bound into the image's folder (in the container's
 * own mount namespace, so only it sees them), then the command run with that folder as its root (`unshare --root`).
 */
function rootfsScript(m: MountInput, rootfs: string): string {
  const inRoot = (p: string) => path.posix.join(rootfs, path.posix.normalize(`/${ p }`));
  const lines = ['set -e'];

  for (const mount of [...m.mounts].sort((a, b) => a.path.split('/').length - b.path.split('/').length)) {
    const target = inRoot(mount.path);
    const source = mount.subPath ? path.posix.join(m.volumeDirs[mount.volume], mount.subPath) : m.volumeDirs[mount.volume];

    lines.push(`if [ -f ${ q(source) } ]; then mkdir -p ${ q(path.posix.dirname(target)) }; touch ${ q(target) }; else mkdir -p ${ q(source) } ${ q(target) }; fi`);
    lines.push(`mount --bind ${ q(source) } ${ q(target) }`);
    if (mount.readOnly) {
      lines.push(`mount -o remount,bind,ro ${ q(target) }`);
    }
  }
  lines.push(`mkdir -p ${ q(inRoot('/etc')) }; touch ${ q(inRoot('/etc/hosts')) }`);
  lines.push(`mount --bind ${ q(m.hostsFile) } ${ q(inRoot('/etc/hosts')) }`);
  lines.push(`exec unshare --root=${ q(rootfs) } --wd=${ q(m.workingDir || '/') } -- "$@"`);

  return lines.join('\n');
}

/** The script; throws naming a mount path outside the image's directories (it would change the machine). */
export function mountScript(m: MountInput): string {
  if (m.image.rootfs) {
    return rootfsScript(m, m.image.rootfs);
  }
  const lines = ['set -e'];
  const hidden = [...Object.values(m.volumeDirs), m.hostsFile, ...Object.values(m.image.programs)].find((f) => under(canonical(f), m.image.roots));

  if (hidden) {
    throw new Error(`${ hidden } lies under a folder the image's container covers (${ m.image.roots.join(', ') }): run the stack from a checkout elsewhere`);
  }

  for (const o of m.image.overlays || []) {
    if (!m.overlayDir) {
      throw new Error(`the image's ${ o } is an overlay, and no folder keeps its changes`);
    }
    const upper = path.posix.join(m.overlayDir, o.replace(/\//g, '_'));

    // A restarted container starts from the image again, as with a container runtime's fresh writable layer.
    lines.push(`rm -rf ${ q(upper) }; mkdir -p ${ q(`${ upper }/upper`) } ${ q(`${ upper }/work`) }`);
    lines.push(`mount -t overlay overlay -o ${ q(`lowerdir=${ o },upperdir=${ upper }/upper,workdir=${ upper }/work`) } ${ q(o) }`);
  }
  for (const r of m.image.roots) {
    lines.push(`mount -t tmpfs -o mode=${ r === '/tmp' ? '1777' : '0755' } tmpfs ${ q(r) }`);
  }
  for (const d of m.image.dirs) {
    lines.push(`mkdir -p ${ q(d) }`);
  }
  for (const c of m.image.copies || []) {
    if (!under(canonical(c.path), [...m.image.roots, ...(m.image.overlays || [])])) {
      throw new Error(`the image's ${ c.path } is outside its own folders`);
    }
    lines.push(`mkdir -p ${ q(path.posix.dirname(c.path)) }; rm -rf ${ q(c.path) }; cp -a ${ q(c.source) } ${ q(c.path) }`);
  }
  const sorted = [...m.mounts].sort((a, b) => canonical(a.path).split('/').length - canonical(b.path).split('/').length);
  const ownRoot: Volume[] = [];

  for (const mount of sorted) {
    const target = canonical(mount.path);

    if (under(target, m.image.newTops || []) && !mount.subPath) {
      // Bound in the container's own root, made last (podRoot.ts).
      ownRoot.push({ source: m.volumeDirs[mount.volume], path: target });
      continue;
    }
    if (!under(target, [...m.image.roots, ...(m.image.overlays || [])])) {
      throw new Error(`mount path ${ mount.path } is outside the image's own folders (${ [...m.image.roots, ...(m.image.overlays || [])].join(', ') }): this Pod runner does not mount it`);
    }
    const source = mount.subPath ? path.posix.join(m.volumeDirs[mount.volume], mount.subPath) : m.volumeDirs[mount.volume];

    // A subPath names a file or a folder of the volume; the kubelet makes a missing one a folder.
    lines.push(`if [ -f ${ q(source) } ]; then mkdir -p ${ q(path.posix.dirname(target)) }; touch ${ q(target) }; else mkdir -p ${ q(source) } ${ q(target) }; fi`);
    lines.push(`mount --bind ${ q(source) } ${ q(target) }`);
    if (mount.readOnly) {
      lines.push(`mount -o remount,bind,ro ${ q(target) }`);
    }
  }
  lines.push(`mount --bind ${ q(m.hostsFile) } /etc/hosts`);
  if (m.image.newTops?.length) {
    // Inside the image's /run, a private tmpfs: the root never shows on the machine.
    return [...lines, ...podRootLines('/run/pod-root', m.workingDir || m.image.home, ownRoot)].join('\n');
  }
  lines.push(`cd ${ q(m.workingDir || m.image.home) }`);
  lines.push('exec "$@"');

  return lines.join('\n');
}

/** The Pod's /etc/hosts: its own name, and the API server's Service names on the Pod's loopback (podRunner.ts bridges 443). */
export function hostsFile(podName: string): string {
  return [
    '127.0.0.1\tlocalhost',
    `127.0.0.1\t${ podName }`,
    '127.0.0.1\tkubernetes kubernetes.default kubernetes.default.svc kubernetes.default.svc.cluster.local',
    '',
  ].join('\n');
}
