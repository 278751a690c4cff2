/**
 * The builds a recorded message came from: each component's module and version as the stack reports them
 * (StackInfo.versions), and for Harvester's, the commit of the archive it was built from (`git archive` writes it
 * into the tarball: `git get-tar-commit-id`).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { component, HARVESTER_COMPONENTS, SHARED_HARVESTER } from '../../../lab/stack/harvester/components';

const commits = new Map<string, string>();

function archiveCommit(archive: string): string {
  if (!commits.has(archive)) {
    const file = path.join(SHARED_HARVESTER, `${ archive }.tar.gz`);

    commits.set(archive, fs.existsSync(file) ? execSync(`gzip -dc '${ file }' | git get-tar-commit-id`, { encoding: 'utf8' }).trim() : 'unknown');
  }

  return commits.get(archive) as string;
}

export function buildsOf(names: string[], versions: Record<string, string>): Record<string, string> {
  return Object.fromEntries(names.map((n) => {
    const harvester = HARVESTER_COMPONENTS.some((c) => c.name === n);

    return [n, `${ versions[n] || 'not running' }${ harvester ? ` commit ${ archiveCommit(component(n).archive) }` : '' }`];
  }));
}
