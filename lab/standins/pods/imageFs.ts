/** The file system an image gives its containers (images.ts says which images the Pod runner has; mountScript.ts makes it). */
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
  /** The image's environment (`KEY=value`), under the container's own. */
  env?: string[];
  /** The folder of the image's programs (on PATH); the shell image's when not said. */
  binDir?: string;
  /**
   * Top-level folders the image has and the machine does not (a volume's mount path in one): the container then runs
   * chrooted in a root of its own that binds the machine's entries beside them (lab/stack/rancher/podRoot.ts).
   */
  newTops?: string[];
  /** Its program serves 443 on the Pod's addresses: the API server is on 127.0.0.1 at its own port, not 443. */
  listens443?: boolean;
  /** Folders of the image's own content, copied to `path` (under its roots or overlays) at each container start. */
  copies?: { source: string; path: string }[];
}
