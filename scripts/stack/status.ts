/** What `npm run stack` says of a stack: where its parts listen, and `--status`. */
import { RUN_DIR } from '../../lab/core/paths';
import type { StackInfo } from '../../lab/core/stackInfo';
import type { StackStatus } from '../../lab/stack/stack';

export function describe(info: StackInfo): string {
  const lines = Object.values(info.clusters).map((c) => `  ${ c.name } (${ c.clusterId }): kube-apiserver ${ c.api }, steve ${ c.steve }, kubeconfig ${ c.kubeconfig }`);

  return [...lines, `  components: ${ Object.entries(info.versions).map(([k, v]) => `${ k } = ${ v }`).join('; ') }`, `  run directory: ${ RUN_DIR }`].join('\n');
}

/** `--status`: running, running with processes gone (which, and what to do), or not running. */
export function statusText(status: StackStatus | null): string {
  if (!status || status.gone.length === status.info.pids.length) {
    return '[stack] not running';
  }
  const head = `[stack] running since ${ status.info.startedAt }`;

  if (!status.gone.length) {
    return `${ head }\n${ describe(status.info) }`;
  }

  return `${ head }, but ${ status.gone.length } of its ${ status.info.pids.length } processes have exited: ${ status.gone.join(', ') } (their logs: ${ RUN_DIR }/logs/<name>.log). \`npm run stack\` starts it again (what still runs stops first).\n${ describe(status.info) }`;
}

