/**
 * The file system a container of a Pod sees where the machine has no folder for it: Rancher's agent reads its
 * registration from /cattle-credentials (a Secret volume) and Rancher's CA from /etc/kubernetes/ssl/certs/serverca
 * (written by the agent image's run.sh), and writes /tmp/log.sock. Run inside a private mount namespace (../core/podEnv.ts
 * makes one), this builds a root on a tmpfs in which every top-level entry of the machine's / is bound as it is, a
 * top-level folder that gets a volume below it is a tmpfs of bound entries (so nothing is created on the machine's
 * own /etc), each volume is bound at its path, and then the program runs chrooted there. The machine's file
 * system is not changed and no other process sees the volumes.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Volume {
  /** A folder or file of the run directory. */
  source: string;
  /** Where the container sees it (absolute). */
  path: string;
}

/** By its path: a container's PATH may lack the sbin folders. */
const CHROOT = ['/usr/sbin/chroot', '/usr/bin/chroot', '/sbin/chroot'].find((f) => fs.existsSync(f)) || 'chroot';

function q(s: string): string {
  return `'${ s.replace(/'/g, `'\\''`) }'`;
}

const LINK_FN = [
  // link SRC DST: every entry of SRC appears in DST, folders bound with what is mounted below them.
  'link() {',
  '  for e in "$1"/* "$1"/.[!.]*; do',
  '    [ -e "$e" ] || [ -L "$e" ] || continue',
  // eslint-disable-next-line no-template-curly-in-string -- shell, not a template
  '    n="${e##*/}"',
  '    case " $3 " in *" $n "*) continue ;; esac',
  '    if [ -L "$e" ]; then ln -s "$(readlink "$e")" "$2/$n"',
  '    elif [ -d "$e" ]; then mkdir "$2/$n"; mount --rbind "$e" "$2/$n"',
  '    else : > "$2/$n"; mount --bind "$e" "$2/$n"; fi',
  '  done',
  '}',
];

/**
 * The argv that runs `program args` in such a root, `workdir` its working directory. `root` is the folder the tmpfs
 * goes on: inside the Pod's private /run, so it never shows on the machine.
 */
export function podRootCommand(root: string, workdir: string, volumes: Volume[], program: string, args: string[]): string[] {
  return ['sh', '-c', podRootLines(root, workdir, volumes).join('\n'), 'podroot', program, ...args];
}

/** The script's lines, for a script whose arguments (`"$@"`) are the program and its arguments. */
export function podRootLines(root: string, workdir: string, volumes: Volume[]): string[] {
  const tops = new Set<string>();
  const skip = new Set<string>();

  for (const v of volumes) {
    const parts = v.path.split('/').filter(Boolean);

    if (parts.length === 1) {
      skip.add(parts[0]);
    } else if (fs.existsSync(`/${ parts[0] }`)) {
      tops.add(parts[0]);
      // Deeper than one shadowed level would create folders in the machine's own tree through the bind.
      if (fs.existsSync(`/${ parts[0] }/${ parts[1] }`) && parts.length > 2) {
        throw new Error(`pod volume ${ v.path }: /${ parts[0] }/${ parts[1] } exists on the machine; only its parent can be shadowed`);
      }
    }
  }
  const lines = [
    'set -e',
    ...LINK_FN,
    `R=${ q(root) }`,
    'mkdir -p "$R"',
    'mount -t tmpfs -o mode=0755 podroot "$R"',
    `link / "$R" ${ q([...tops, ...skip].join(' ')) }`,
    ...[...tops].flatMap((t) => [`mkdir "$R/${ t }"`, `mount -t tmpfs -o mode=0755 podroot "$R/${ t }"`, `link /${ t } "$R/${ t }" ''`]),
    ...volumes.flatMap((v) => {
      const isFile = fs.existsSync(v.source) && fs.statSync(v.source).isFile();
      const dst = `"$R"${ q(v.path) }`;

      return isFile ? [`mkdir -p "$(dirname ${ dst })"`, `: > ${ dst }`, `mount --bind ${ q(v.source) } ${ dst }`] : [`mkdir -p ${ dst }`, `mount --bind ${ q(v.source) } ${ dst }`];
    }),
    `exec ${ CHROOT } "$R" sh -c 'cd "$0" && exec "$@"' ${ q(workdir) } "$@"`,
  ];

  return lines;
}

/** A private folder of the run directory for one pod's volume (mode 0700). */
export function volumeDir(runDir: string, pod: string, name: string): string {
  const dir = path.join(runDir, 'pods', pod, 'volumes', name);

  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  return dir;
}
