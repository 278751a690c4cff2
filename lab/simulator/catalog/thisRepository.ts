/**
 * The one Git repository the simulator has a checkout of: this one (the working tree it runs from). Rancher clones a
 * Git ClusterRepo and serves the clone's `index.yaml` and archives; a ClusterRepo whose `spec.gitRepo` is this
 * repository's URL is served from the committed Helm repository files (`assets/index.yaml`,
 * `assets/<chart>/<chart>-<version>.tgz`). Here: where it is, its commit, and its files by the paths a chart names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { KubeObject } from '../core/types';

/** This repository: where it is published (scripts/publish/config.ts) and the checkout the simulator runs from. */
export const THIS_REPOSITORY = {
  gitRepo:   'https://github.com/harvester/harvester-cloud-ui.git',
  gitBranch: 'main',
  dir:       path.resolve(__dirname, '../../..'),
  /** The index Rancher reads for the repository (docs/marketplace.md); `index.yaml` at the root is the same file. */
  index:     'assets/index.yaml',
} as const;

/** The commit a checkout is at (what Rancher reports in a Git ClusterRepo's `status.commit`); '' when unreadable. */
export function checkoutCommit(dir: string = THIS_REPOSITORY.dir): string {
  try {
    let gitDir = path.join(dir, '.git');

    if (fs.statSync(gitDir).isFile()) { // a worktree: `gitdir: <path>`
      gitDir = path.resolve(dir, fs.readFileSync(gitDir, 'utf8').replace(/^gitdir:\s*/, '').trim());
    }
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();

    if (!head.startsWith('ref: ')) {
      return head;
    }
    const ref = head.slice(5);
    // A worktree keeps only HEAD: branches live in the main repository's git dir (named by `commondir`).
    const common = fs.existsSync(path.join(gitDir, 'commondir')) ? path.resolve(gitDir, fs.readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim()) : gitDir;
    const loose = [gitDir, common].map((d) => path.join(d, ref)).find((f) => fs.existsSync(f));

    if (loose) {
      return fs.readFileSync(loose, 'utf8').trim();
    }
    const packed = fs.readFileSync(path.join(common, 'packed-refs'), 'utf8').split('\n').find((l) => l.endsWith(` ${ ref }`));

    return packed ? packed.split(' ')[0] : '';
  } catch (e) {
    return '';
  }
}

function sameGitUrl(a: unknown, b: string): boolean {
  const norm = (u: string) => u.trim().toLowerCase().replace(/\/+$/, '').replace(/\.git$/, '');

  return typeof a === 'string' && norm(a) === norm(b);
}

/** The folder holding a repository's downloaded content, when the simulator has it. */
export function checkoutOf(repo: KubeObject): string | undefined {
  const downloaded = (repo.status?.conditions || []).some((c: any) => c.type === 'Downloaded' && c.status === 'True');

  return downloaded && sameGitUrl(repo.spec?.gitRepo, THIS_REPOSITORY.gitRepo) ? THIS_REPOSITORY.dir : undefined;
}

/** A file of the checkout by its repository-relative path (`file://` allowed), never outside it. */
export function fileInCheckout(dir: string, rel: string): string | undefined {
  const file = path.resolve(dir, rel.replace(/^file:\/\//, ''));

  return file.startsWith(`${ dir }${ path.sep }`) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : undefined;
}

/** The checkout's file an absolute URL names when it is `<where this repository is served>/<path>`. */
export function servedByThisRepository(dir: string, url: string): string | undefined {
  const parts = new URL(url).pathname.split('/').filter(Boolean);

  for (let i = 0; i < parts.length; i++) {
    const file = fileInCheckout(dir, parts.slice(i).join('/'));

    if (file && parts[i] === 'assets') {
      return file;
    }
  }

  return undefined;
}
