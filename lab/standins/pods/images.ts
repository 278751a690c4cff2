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
 * Any other image comes from a registry on this machine (pull.ts) and runs in its own file system.
 */
export interface ImageFs {
  /** Directories of the image's own file system, each a private tmpfs in the container's mount namespace. */
  roots: string[];
  /** Machine folders the container sees copy-on-write (an overlay whose changes stay in the Pod's folder). */
  overlays?: string[];
  /** Directories the image holds under those roots. */
  dirs: string[];
  home: string;
  /** Program name → the file that runs it here. */
  programs: Record<string, string>;
  /** A pulled image (pull.ts): its own file system, laid out here, which the containers run chrooted in. */
  rootfs?: string;
  /** The pulled image's environment (`KEY=value`), under the container's own. */
  env?: string[];
  /** The folder of the image's programs (on PATH); the shell image's when not said. */
  binDir?: string;
}

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

/** Whether the runner has a program for the image (the images above). */
export function knownImage(image: string, bins: ImageBinaries): boolean {
  return isShellImage(image) || (isProviderImage(image) && !!bins.harvesterCloudProvider);
}

/** `providerBin`: the folder of the provider image's programs (providerPrograms). */
export function imageFs(image: string, bins: ImageBinaries, helmCmdFile: string, providerBin?: string): ImageFs | null {
  if (isProviderImage(image) && bins.harvesterCloudProvider && providerBin) {
    return {
      roots: ['/run', '/tmp'], overlays: ['/etc'], dirs: [], home: '/', programs: providerPrograms(bins), binDir: providerBin
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
      helm: bins.helm, kubectl: bins.kubectl, 'helm-cmd': helmCmdFile
    },
  };
}
