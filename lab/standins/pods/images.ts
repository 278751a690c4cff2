/**
 * The images the Pod runner has programs for, and the file system each image gives its containers. Only Rancher's
 * shell image (`rancher/shell`, any tag or registry: Rancher's `shell-image` setting, prefixed by a private
 * registry when one is set): its Dockerfile (rancher/shell package/Dockerfile) puts `helm`, `kubectl` and `helm-cmd` in
 * /usr/local/bin, makes the user `shell` (home /home/shell, with an empty .kube) and starts in /home/shell. Here
 * `helm` is the Helm the lab builds (lab/chartops: upstream Helm, where the image has Rancher's fork of it),
 * `kubectl` the one built from the stack's Kubernetes module, and `helm-cmd` a script that does what the image's does
 * (wait for the API with `kubectl version`, then run each `operation*` file's NUL-separated arguments with `helm`).
 * Harvester's cloud provider image (`rancher/harvester-cloud-provider`, any tag: the chart's Deployment,
 * harvester/charts charts/harvester-cloud-provider) runs the provider built from `../shared/harvester`, its one
 * program on PATH (the chart's command names it); the image's /etc is the machine's, copy-on-write (an overlay in the
 * container's mount namespace), so the chart's /etc/kubernetes/cloud-config lands there and nowhere else.
 * Rancher's agent image (`rancher/rancher-agent`): agentImage.ts.
 * Any other image comes from a registry on this machine (pull.ts) and runs in its own file system.
 */
import { agentImageFs, AgentBinaries, AGENT_DEFAULTS, agentTag } from './agentImage';
import type { ImageFs } from './imageFs';
import { ImageDefaults } from './podPlan';

export type { ImageFs };

/** A pulled image's file system: its folder, and nothing of the machine's. */
export function pulledImageFs(rootfs: string, env: string[] = []): ImageFs {
  return {
    roots: [], dirs: [], home: '/', programs: {}, rootfs, env
  };
}

export interface ImageBinaries {
  helm: string;
  kubectl: string;
  /** Harvester's cloud provider built here (lab/stack/harvester); absent where Harvester's components are not built. */
  harvesterCloudProvider?: string;
  /** Rancher's agent of each version built here (`v2.15.0` → its programs). */
  rancherAgents?: Record<string, AgentBinaries>;
}

/** Where the runner put each image's programs (podRunner.ts `binDir`). */
export interface ImageDirs {
  /** rancher/shell's helm-cmd script. */
  helmCmd: string;
  provider?: string;
  /** By the agent image's version tag. */
  agents?: Record<string, string>;
  /** The rancher-charts repository the agent image bundles (agentCharts.ts). */
  agentCharts?: string;
}

/** What rancher/shell's package/helm-cmd does (`set -e`, so the first failing operation fails the container). */
export const HELM_CMD = [
  '#!/bin/sh',
  'set -e',
  'sleep 1',
  'until kubectl version >/dev/null 2>&1; do',
  '  echo Waiting for Kubernetes API to be available',
  '  sleep 1',
  'done',
  'for i in operation*; do',
  '  cat $i | xargs -0 -- echo helm',
  '  cat $i | xargs -0 -- helm',
  'done',
  '',
].join('\n');

export function isShellImage(image: string): boolean {
  return /(^|\/)rancher\/shell(:[^/]+)?$/.test(image || '');
}

export function isProviderImage(image: string): boolean {
  return /(^|\/)rancher\/harvester-cloud-provider(:[^/]+)?$/.test(image || '');
}

/** The programs of the provider's image, whose folder the runner puts on its containers' PATH. */
export function providerPrograms(bins: ImageBinaries): Record<string, string> {
  return bins.harvesterCloudProvider ? { 'harvester-cloud-provider': bins.harvesterCloudProvider } : {};
}

/**
 * Whether the runner has a program for the image (the images above): true, or what the image gives a container
 * that does not say (its entrypoint, working directory), or false.
 */
export function knownImage(image: string, bins: ImageBinaries): boolean | ImageDefaults {
  const tag = agentTag(image);

  if (tag) {
    return bins.rancherAgents?.[tag] ? AGENT_DEFAULTS : false;
  }

  return isShellImage(image) || (isProviderImage(image) && !!bins.harvesterCloudProvider);
}

export function imageFs(image: string, bins: ImageBinaries, dirs: ImageDirs): ImageFs | null {
  const tag = agentTag(image);

  if (tag) {
    return bins.rancherAgents?.[tag] && dirs.agents?.[tag] ? agentImageFs(tag, dirs.agents[tag], dirs.agentCharts) : null;
  }
  if (isProviderImage(image) && bins.harvesterCloudProvider && dirs.provider) {
    return {
      roots: ['/run', '/tmp'], overlays: ['/etc'], dirs: [], home: '/', programs: providerPrograms(bins), binDir: dirs.provider
    };
  }
  if (!isShellImage(image)) {
    return null;
  }

  return {
    roots:    ['/home', '/tmp', '/run'],
    dirs:     ['/home/shell/.kube'],
    home:     '/home/shell',
    programs: {
      helm: bins.helm, kubectl: bins.kubectl, 'helm-cmd': dirs.helmCmd
    },
  };
}
