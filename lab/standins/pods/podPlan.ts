/**
 * What a kubelet reads from a Pod before it starts it, for the Pod runner (podRunner.ts): each volume's files (a
 * Secret's or ConfigMap's keys, an empty dir), each container's command, environment, working directory and mounts
 * (subPath, read-only), init containers apart. Pure: the Secrets and ConfigMaps the volumes name are handed in. A
 * Pod this runner cannot run says why (an image it has no program for, a volume kind it does not provide, a Secret
 * missing), as a kubelet reports ErrImagePull or CreateContainerConfigError instead of hanging.
 */
type Obj = Record<string, any>;

export interface VolumePlan {
  name: string;
  kind: 'secret' | 'configMap' | 'emptyDir';
  /** File name → bytes (empty for an emptyDir). */
  files: Record<string, Buffer>;
}

export interface MountPlan {
  path: string;
  volume: string;
  subPath?: string;
  readOnly: boolean;
}

export interface ContainerPlan {
  name: string;
  image: string;
  argv: string[];
  env: Record<string, string>;
  workingDir?: string;
  mounts: MountPlan[];
}

export interface PodPlan {
  volumes: VolumePlan[];
  init: ContainerPlan[];
  containers: ContainerPlan[];
}

export interface NotRunnable {
  /** The waiting reason a kubelet would give (ErrImagePull, CreateContainerConfigError). */
  reason: string;
  message: string;
}

/** The data the volumes name, as the API returns it (base64 `data` for Secrets, `data`/`binaryData` for ConfigMaps). */
export interface VolumeSources {
  secrets: Record<string, Obj | undefined>;
  configMaps: Record<string, Obj | undefined>;
}

function decoded(data: Obj | undefined, base64: boolean): Record<string, Buffer> {
  return Object.fromEntries(Object.entries(data || {}).map(([k, v]) => [k, Buffer.from(String(v), base64 ? 'base64' : 'utf8')]));
}

function volumeOf(v: Obj, sources: VolumeSources): VolumePlan | NotRunnable {
  if (v.emptyDir) {
    return {
      name: v.name, kind: 'emptyDir', files: {}
    };
  }
  if (v.secret) {
    const s = sources.secrets[v.secret.secretName];

    if (!s) {
      return { reason: 'CreateContainerConfigError', message: `secret "${ v.secret.secretName }" not found` };
    }

    return {
      name: v.name, kind: 'secret', files: decoded(s.data, true)
    };
  }
  if (v.configMap) {
    const c = sources.configMaps[v.configMap.name];

    if (!c) {
      return { reason: 'CreateContainerConfigError', message: `configmap "${ v.configMap.name }" not found` };
    }

    return {
      name: v.name, kind: 'configMap', files: { ...decoded(c.data, false), ...decoded(c.binaryData, true) }
    };
  }

  return { reason: 'CreateContainerConfigError', message: `volume "${ v.name }": only Secret, ConfigMap and emptyDir volumes are provided by this Pod runner` };
}

function envOf(c: Obj): Record<string, string> | NotRunnable {
  const env: Record<string, string> = {};

  for (const e of c.env || []) {
    if (e.valueFrom) {
      return { reason: 'CreateContainerConfigError', message: `container "${ c.name }": env "${ e.name }" from valueFrom is not provided by this Pod runner` };
    }
    // $(VAR) references to earlier variables, as the kubelet expands them.
    env[e.name] = String(e.value ?? '').replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m, n) => (n in env ? env[n] : m));
  }

  return env;
}

/** What an image gives a container that does not say: its entrypoint, command and working directory. */
export interface ImageDefaults {
  entrypoint?: string[];
  cmd?: string[];
  workingDir?: string;
}

/**
 * The container's argv as Kubernetes builds it from the image: `command` replaces the entrypoint (and then the
 * image's command is not used), `args` replaces the image's command.
 */
export function argvOf(c: Obj, image: ImageDefaults): string[] {
  if ((c.command || []).length) {
    return [...c.command, ...(c.args || [])];
  }

  return [...(image.entrypoint || []), ...(c.args || image.cmd || [])];
}

function containerOf(c: Obj, volumes: Set<string>, image: ImageDefaults): ContainerPlan | NotRunnable {
  const env = envOf(c);

  if ('reason' in env) {
    return env as NotRunnable;
  }
  for (const m of c.volumeMounts || []) {
    if (!volumes.has(m.name)) {
      return { reason: 'CreateContainerConfigError', message: `container "${ c.name }": volume "${ m.name }" is not in the Pod` };
    }
  }
  const argv = argvOf(c, image);

  if (!argv.length) {
    return { reason: 'CreateContainerConfigError', message: `container "${ c.name }": no command, and the image has no entrypoint` };
  }

  return {
    name:       c.name,
    image:      c.image,
    argv,
    env:        env as Record<string, string>,
    workingDir: c.workingDir || image.workingDir,
    mounts:     (c.volumeMounts || []).map((m: Obj) => ({
      path: m.mountPath, volume: m.name, subPath: m.subPath || undefined, readOnly: !!m.readOnly
    })),
  };
}

/**
 * The plan, or the first reason the Pod cannot run here. `knownImage` says whether an image has a program here
 * (true), what a pulled image gives its containers (ImageDefaults), or that it has neither (false).
 */
export function planPod(pod: Obj, sources: VolumeSources, knownImage: (image: string) => boolean | ImageDefaults): PodPlan | NotRunnable {
  const volumes: VolumePlan[] = [];

  for (const v of pod.spec?.volumes || []) {
    const p = volumeOf(v, sources);

    if ('reason' in p) {
      return p;
    }
    volumes.push(p);
  }
  const names = new Set(volumes.map((v) => v.name));
  const plan: PodPlan = {
    volumes, init: [], containers: []
  };

  for (const [list, into] of [[pod.spec?.initContainers || [], plan.init], [pod.spec?.containers || [], plan.containers]] as [Obj[], ContainerPlan[]][]) {
    for (const c of list) {
      const image = knownImage(c.image);

      if (!image) {
        return { reason: 'ErrImagePull', message: `image "${ c.image }": this Pod runner has no program for it, and it is in no registry on this machine (lab/standins/pods/images.ts)` };
      }
      const p = containerOf(c, names, image === true ? {} : image);

      if ('reason' in p) {
        return p;
      }
      into.push(p);
    }
  }

  return plan;
}

/** The Secrets and ConfigMaps a Pod's volumes name (what to fetch before planning). */
export function sourcesNamed(pod: Obj): { secrets: string[]; configMaps: string[] } {
  const vs: Obj[] = pod.spec?.volumes || [];

  return {
    secrets:    vs.filter((v) => v.secret?.secretName).map((v) => v.secret.secretName),
    configMaps: vs.filter((v) => v.configMap?.name).map((v) => v.configMap.name),
  };
}
