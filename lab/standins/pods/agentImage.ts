/**
 * Rancher's agent image (`rancher/rancher-agent:<version>`, any registry prefix), as the Pod runner runs it: the image
 * of the `cattle-cluster-agent` Deployment Rancher's registration manifest makes (rancher pkg/systemtemplate
 * template.go). What rancher package/Dockerfile's `agent` stage gives, with programs built here:
 * - `ENTRYPOINT ["run.sh"]`, `WORKDIR /var/lib/rancher`, `ENV SSL_CERT_DIR=/etc/kubernetes/ssl/certs` and
 *   `AGENT_IMAGE=rancher/rancher-agent:<version>`;
 * - `/usr/bin/run.sh` is the archive's own package/run.sh (it fetches Rancher's CA, checks CATTLE_CA_CHECKSUM, writes
 *   /etc/kubernetes/ssl/certs/serverca, then `exec catatonit -- agent`), with curl, jq, openssl and getent from this
 *   machine, as the image has them from its base;
 * - `agent` is the agent built from that archive (lab/stack/rancher/build.ts), of the image's version only;
 * - the image's init (`catatonit` in v2.15.0's run.sh, `tini` in v2.13.8's) only runs its command: the runner
 *   already waits for the container's processes;
 * - its bundled `rancher-charts` (agentCharts.ts), copied in at each start as a fresh image layer would be.
 * Its /etc and /var/lib are this machine's, copy-on-write (run.sh writes the CA under /etc; the agent keeps its state
 * and the charts it clones under /var/lib), and `/cattle-credentials` (the registration Secret's volume) is a folder of
 * the container's own root. The agent serves Steve on every address's 443 (pkg/agent/rancher: HTTPSListenPort 443), so
 * its Pod reaches the API server at 127.0.0.1 on the API server's own port, not at 127.0.0.1:443.
 */
import { BUNDLED_RANCHER_CHARTS } from './agentCharts';
import type { ImageDefaults } from './podPlan';
import type { ImageFs } from './imageFs';

/** What an agent of one version runs here. */
export interface AgentBinaries {
  agent: string;
  runSh: string;
}

const AGENT = /(^|\/)rancher\/rancher-agent:(v[0-9][^/:@]*)$/;

/** The image's version tag (`v2.15.0`), or null for any other image. */
export function agentTag(image: string): string | null {
  return AGENT.exec(image || '')?.[2] || null;
}

export const AGENT_DEFAULTS: ImageDefaults = { entrypoint: ['run.sh'], workingDir: '/var/lib/rancher' };

/** The image's init, by either name: `catatonit -- agent` (or `tini -- agent`) runs `agent`. */
export const INIT = [
  '#!/bin/sh',
  '[ "$1" = -- ] && shift',
  'exec "$@"',
  '',
].join('\n');

/** Program name → the file that runs it (the folder podRunner.ts puts on PATH, with INIT beside them). */
export function agentPrograms(b: AgentBinaries): Record<string, string> {
  return { agent: b.agent, 'run.sh': b.runSh };
}

/**
 * The file system of the image `tag`'s containers; `binDir` holds agentPrograms and the init, `charts` the
 * rancher-charts repository the image bundles (agentCharts.ts).
 */
export function agentImageFs(tag: string, binDir: string, charts?: string): ImageFs {
  return {
    roots:      ['/run', '/tmp'],
    overlays:   ['/etc', '/var/lib'],
    dirs:       ['/var/lib/rancher'],
    newTops:    ['/cattle-credentials'],
    home:       '/root',
    programs:   {},
    binDir,
    // The image's PATH (its base's), its programs' folder first: run.sh calls ip, getent, curl, jq and openssl.
    env:        [`PATH=${ binDir }:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`, 'SSL_CERT_DIR=/etc/kubernetes/ssl/certs', `AGENT_IMAGE=rancher/rancher-agent:${ tag }`],
    listens443: true,
    copies:     charts ? [{ source: charts, path: BUNDLED_RANCHER_CHARTS }] : [],
  };
}
