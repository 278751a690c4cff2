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
  kind: 'secret' | 'configMap' | 'projected' | 'emptyDir';
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
  /** The waiting reason a kubelet would give (ErrImagePull, CreateContainerConfigError, ContainerCreating). */
  reason: string;
  message: string;
  /** The Warning event the kubelet records about the Pod meanwhile (FailedMount). */
  event?: { reason: string; message: string };
  /** What is missing may come (a Secret not made yet): the kubelet tries again. */
  retry?: boolean;
}

/** What each checked hostPath type must find (k8s pkg/volume/hostpath host_path.go checkType). */
const HOST_PATH_KINDS: Record<string, string> = {
  File: 'a file', Directory: 'a directory', Socket: 'a socket file', CharDevice: 'a character device', BlockDevice: 'a block device'
};

/** The data the volumes name, as the API returns it (base64 `data` for Secrets, `data`/`binaryData` for ConfigMaps). */
export interface VolumeSources {
  secrets: Record<string, Obj | undefined>;
  configMaps: Record<string, Obj | undefined>;
  /** ServiceAccount tokens requested for the Pod, by audience ('' for the API server's). */
  tokens?: Record<string, string>;
}

function decoded(data: Obj | undefined, base64: boolean): Record<string, Buffer> {
  return Object.fromEntries(Object.entries(data || {}).map(([k, v]) => [k, Buffer.from(String(v), base64 ? 'base64' : 'utf8')]));
}

/** A volume's `items` (key → path), as the kubelet writes them; every key under its own name without. */
function picked(files: Record<string, Buffer>, items: Obj[] | undefined, what: string): Record<string, Buffer> | NotRunnable {
  if (!items?.length) {
    return files;
  }
  const out: Record<string, Buffer> = {};

  for (const i of items) {
    if (!(i.key in files)) {
      return { reason: 'CreateContainerConfigError', message: `${ what }: no key "${ i.key }"` };
    }
    out[i.path] = files[i.key];
  }

  return out;
}

/**
 * A Secret or ConfigMap volume's files (`src`: the volume's `secret` or `configMap`, whose object is named by
 * `secretName` or `name`). One that does not exist is empty when `optional`; else the Pod waits in ContainerCreating
 * with the kubelet's FailedMount event (k8s pkg/volume/secret, configmap SetUpAt: the managers' NotFound,
 * `secret "<name>" not found`), and the kubelet mounts it once it exists (`retry`).
 */
function sourceFiles(volume: string, what: 'secret' | 'configmap', src: Obj, sources: VolumeSources): Record<string, Buffer> | NotRunnable {
  const name = what === 'secret' ? src.secretName : src.name;
  const o = what === 'secret' ? sources.secrets[name] : sources.configMaps[name];

  if (!o) {
    return src.optional ? {} : {
      reason: 'ContainerCreating', message: '', retry: true, event: { reason: 'FailedMount', message: `MountVolume.SetUp failed for volume "${ volume }" : ${ what } "${ name }" not found` }
    };
  }

  return picked(what === 'secret' ? decoded(o.data, true) : { ...decoded(o.data, false), ...decoded(o.binaryData, true) }, src.items, `${ what } "${ name }"`);
}

/** The Pod's own fields a downwardAPI item may name here. */
function podField(pod: Obj, fieldPath: string): string | undefined {
  return ({
    'metadata.namespace': pod.metadata?.namespace, 'metadata.name': pod.metadata?.name, 'metadata.uid': pod.metadata?.uid
  } as Record<string, string | undefined>)[fieldPath];
}

/**
 * A projected volume (what the ServiceAccount admission plugin adds, `kube-api-access-*`): its ServiceAccount token
 * (requested for the Pod: `sources.tokens`, by audience), ConfigMaps, Secrets and the Pod's own fields.
 */
function projectedFiles(pod: Obj, v: Obj, sources: VolumeSources): Record<string, Buffer> | NotRunnable {
  const files: Record<string, Buffer> = {};

  for (const src of v.projected.sources || []) {
    let part: Record<string, Buffer> | NotRunnable;

    if (src.serviceAccountToken) {
      const token = sources.tokens?.[src.serviceAccountToken.audience || ''];

      part = token ? { [src.serviceAccountToken.path]: Buffer.from(token) } : { reason: 'CreateContainerConfigError', message: `volume "${ v.name }": no ServiceAccount token for the Pod` };
    } else if (src.configMap) {
      part = sourceFiles(v.name, 'configmap', src.configMap, sources);
    } else if (src.secret) {
      part = sourceFiles(v.name, 'secret', { ...src.secret, secretName: src.secret.name }, sources);
    } else if (src.downwardAPI) {
      part = {};
      for (const item of src.downwardAPI.items || []) {
        const value = podField(pod, item.fieldRef?.fieldPath || '');

        if (value === undefined) {
          return { reason: 'CreateContainerConfigError', message: `volume "${ v.name }": downwardAPI ${ item.fieldRef?.fieldPath || item.resourceFieldRef?.resource || '' } is not provided by this Pod runner` };
        }
        part[item.path] = Buffer.from(value);
      }
    } else {
      return { reason: 'CreateContainerConfigError', message: `volume "${ v.name }": a projected source of kind ${ Object.keys(src).join(', ') } is not provided by this Pod runner` };
    }
    if ('reason' in part) {
      return part as NotRunnable;
    }
    Object.assign(files, part);
  }

  return files;
}

/**
 * A hostPath volume on a node the runner plays: the VMs' own files are not here, so a path of a checked type is
 * missing there, and the Pod waits in ContainerCreating with the kubelet's FailedMount event
 * (operation_generator.go: "MountVolume.SetUp failed for volume %q : <the type check's error>"). Other types would
 * mount or make the machine's own path: refused.
 */
function hostPathOf(v: Obj): NotRunnable {
  const kind = HOST_PATH_KINDS[v.hostPath.type || ''];

  if (!kind) {
    return { reason: 'CreateContainerConfigError', message: `volume "${ v.name }": hostPath ${ v.hostPath.path } (type "${ v.hostPath.type || '' }") is not provided by this Pod runner` };
  }

  return {
    reason: 'ContainerCreating', message: '', event: { reason: 'FailedMount', message: `MountVolume.SetUp failed for volume "${ v.name }" : hostPath type check failed: ${ v.hostPath.path } is not ${ kind }` }
  };
}

function volumeOf(pod: Obj, v: Obj, sources: VolumeSources): VolumePlan | NotRunnable {
  if (v.hostPath) {
    return hostPathOf(v);
  }
  if (v.emptyDir) {
    return {
      name: v.name, kind: 'emptyDir', files: {}
    };
  }
  const made: [VolumePlan['kind'], Record<string, Buffer> | NotRunnable] | null = v.secret ? ['secret', sourceFiles(v.name, 'secret', v.secret, sources)] : v.configMap ? ['configMap', sourceFiles(v.name, 'configmap', v.configMap, sources)] : v.projected ? ['projected', projectedFiles(pod, v, sources)] : null;

  if (!made) {
    return { reason: 'CreateContainerConfigError', message: `volume "${ v.name }": only Secret, ConfigMap, projected, emptyDir and missing hostPath volumes are provided by this Pod runner` };
  }
  const [kind, files] = made;

  return 'reason' in files ? files as NotRunnable : {
    name: v.name, kind, files: files as Record<string, Buffer>
  };
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
    const p = volumeOf(pod, v, sources);

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

/** The Secrets, ConfigMaps and token audiences a Pod's volumes name (what to fetch before planning). */
export function sourcesNamed(pod: Obj): { secrets: string[]; configMaps: string[]; tokenAudiences: string[] } {
  const vs: Obj[] = pod.spec?.volumes || [];
  const projected: Obj[] = vs.flatMap((v) => v.projected?.sources || []);

  return {
    secrets:        [...vs.filter((v) => v.secret?.secretName).map((v) => v.secret.secretName), ...projected.filter((s) => s.secret?.name).map((s) => s.secret.name)],
    configMaps:     [...vs.filter((v) => v.configMap?.name).map((v) => v.configMap.name), ...projected.filter((s) => s.configMap?.name).map((s) => s.configMap.name)],
    tokenAudiences: [...new Set(projected.filter((s) => s.serviceAccountToken).map((s) => s.serviceAccountToken.audience || ''))],
  };
}
