/**
 * Where each Harvester component is installed in a guest cluster. Both Harvester's charts (harvester/charts
 * `charts/<name>/templates/*.yaml`) and their RKE2 / Rancher repackages name the workload after the chart:
 * the provider's Deployment `harvester-cloud-provider`, the CSI driver's DaemonSet `harvester-csi-driver`.
 */
export const COMPONENTS = {
  cloudProvider: {
    type: 'apps.deployment', id: 'kube-system/harvester-cloud-provider', chart: 'harvester-cloud-provider', image: 'harvester-cloud-provider'
  },
  csiDriver: {
    type: 'apps.daemonset', id: 'kube-system/harvester-csi-driver', chart: 'harvester-csi-driver', image: 'harvester-csi-driver'
  },
} as const;

export type Component = keyof typeof COMPONENTS;
