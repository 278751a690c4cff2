/**
 * The Rancher servers the stack can run: rancher/rancher's tree and the modules it pins that the Go module proxy
 * refuses, as `git archive` tarballs in ../shared/rancher (its README: where each comes from). Everything else comes
 * from the module proxy. The sha256 of each archive is checked before it is unpacked: a build is of what is named here.
 */
import path from 'node:path';
import fs from 'node:fs';
import { REPO_ROOT } from '../../core/paths';
import { rancherBuilds } from '../../builds';

export interface RancherDep {
  /** Archive under ../shared/rancher/deps, without .tar.gz; it unpacks to a folder of the same name. */
  archive: string;
  module: string;
  /** Where the module is inside the archive (fleet's pkg/apis). */
  subdir?: string;
  sha256: string;
}

export interface RancherVersion {
  version: string;
  commit: string;
  archive: string;
  sha256: string;
  deps: RancherDep[];
  /** The dashboard build Rancher of this version ships (../shared/rancher-ui/<ui>). */
  ui: string;
}

export const SHARED_RANCHER = process.env.RANCHER_SOURCES || path.resolve(REPO_ROOT, '..', 'shared', 'rancher');

export const RANCHER_VERSIONS: Record<string, RancherVersion> = {
  2.15: {
    version: 'v2.15.0',
    commit:  '9994cd93198c4b1692bcda733eb08d1e81c26eed',
    archive: 'rancher-v2.15.0',
    sha256:  'be4a0cd1bcb3ed72a014c50ced2b9a45b4c80a12c4ae9d831f95e4d36979f200',
    ui:      '2.15',
    deps:    [
      {
        archive: 'ali-operator-v1.15.0-rc.3', module: 'github.com/rancher/ali-operator', sha256: '91cf2976320faf7ce03b544590ff13f89e38fd346d0a3bcfdc097de1095bf6a4'
      },
      {
        archive: 'cluster-api-provider-rke2-v0.25.0', module: 'github.com/rancher/cluster-api-provider-rke2', sha256: 'c3e8b5384310524bdc93e6215ed632b56efe9c8b82cec3102db633fa8928825e'
      },
      {
        archive: 'gke-operator-v1.15.0', module: 'github.com/rancher/gke-operator', sha256: 'ffb6baaca4ce4a5098dcd1409c4249d20d788d407f71c71292f0d71ae64e019b'
      },
      {
        archive: 'remotedialer-proxy-v0.8.0', module: 'github.com/rancher/remotedialer-proxy', sha256: '6cd18cba9b0730439b898bb2bbc462eea00d5f6033f924614a5dd59952a4f1d8'
      },
    ],
  },
  2.13: {
    version: 'v2.13.8',
    commit:  '853a0e93a1ca67653b80ae9550df98344e4e21c5',
    archive: 'rancher-v2.13.8',
    sha256:  '9c15689c14dcfe1d43eb2a25860a71668fabe7246d733a1f31ac7e0dc61bf0d2',
    ui:      '2.13',
    deps:    [
      {
        archive: 'steve-v0.7.47', module: 'github.com/rancher/steve', sha256: 'a928ec1a4f7f0b1e08b8e7634e39164effe421e9418635d37d9f66df594115d1'
      },
      {
        archive: 'aks-operator-v1.13.8', module: 'github.com/rancher/aks-operator', sha256: '00d4ee8d88a845ec8ed5098e79af08e6d9e595d7e3783146c9418c507a52df12'
      },
      {
        archive: 'ali-operator-v1.13.5', module: 'github.com/rancher/ali-operator', sha256: 'f53031ff169a1f6beb60df6e679c21618b135f8312a99f31566c4abbd7d23733'
      },
      {
        archive: 'dynamiclistener-v0.7.7', module: 'github.com/rancher/dynamiclistener', sha256: 'd57ff7806d7ac7f2bb85d035bd7b29fd9efd6a937c86b9011709f2da1ebbd50b'
      },
      {
        archive: 'eks-operator-v1.13.8', module: 'github.com/rancher/eks-operator', sha256: '4dda59447d70f96f7681a59673331e0a849e98d69a376802cc58a681d7bee826'
      },
      {
        archive: 'gke-operator-v1.13.8', module: 'github.com/rancher/gke-operator', sha256: '08e204b34a1092dc11d82ce1d07875f25cb6a29a29cbea87183ca1f036a14386'
      },
      {
        archive: 'fleet-pkg-apis-v0.14.9', module: 'github.com/rancher/fleet/pkg/apis', subdir: 'pkg/apis', sha256: '36caa86ba48da5945db4dcb723278ad19259641404e7242d7afc5c69477bb735'
      },
      {
        archive: 'machine-release-v2.13-cbcec758', module: 'github.com/rancher/machine', sha256: 'a870dde9491f0f6c2286c86d15e686e9451de779a751b8e27dd891626f2337f0'
      },
      {
        archive: 'shepherd-release-v2.13-1f7af43', module: 'github.com/rancher/shepherd', sha256: '8d94fc35dd4da32b3493c96eb35c058cb6f1a5b5ee034f579daec34b4441374b'
      },
      {
        archive: 'apiserver-v0.7.9', module: 'github.com/rancher/apiserver', sha256: '56f1ade56b6cc33b411cd8aeddc89ff931b75d17fb8dcaa41c747b26cc39e656'
      },
      {
        archive: 'norman-v0.7.4', module: 'github.com/rancher/norman', sha256: 'edc159786f235fe53b5b9ca697dff8861ae3b81781f3814772276392eba75548'
      },
      {
        archive: 'wrangler-v3.3.5', module: 'github.com/rancher/wrangler/v3', sha256: '6112c3049fc681a5d55ec2cdc44e8fd5fd21d646eeab184a1af6a07dc7727c60'
      },
      {
        archive: 'cli-runtime-v0.34.9', module: 'k8s.io/cli-runtime', sha256: '9a3b33b9c06d87ed398fca471c8c303fa7cdd5d8fcb7d2ca49dd7b3da1257d43'
      },
    ],
  },
};

/** `--rancher` alone: 2.15; `--rancher=2.13` (or RANCHER_VERSION) picks another. */
export const DEFAULT_RANCHER = '2.15';

export function rancherVersion(key: string = process.env.RANCHER_VERSION || DEFAULT_RANCHER): RancherVersion {
  const v = RANCHER_VERSIONS[key];

  if (!v) {
    throw new Error(`no Rancher ${ key } in the stack (known: ${ Object.keys(RANCHER_VERSIONS).join(', ') })`);
  }

  return v;
}

/** The versions this machine can run: their sources in ../shared/rancher and their dashboard build in ../shared/rancher-ui. */
export function presentRancherVersions(): string[] {
  const uis = new Set(rancherBuilds().map((b) => b.version));

  return Object.entries(RANCHER_VERSIONS).filter(([, v]) => uis.has(v.ui) && fs.existsSync(path.join(SHARED_RANCHER, `${ v.archive }.tar.gz`))).map(([key]) => key);
}
