/** The Harvester cloud provider's keys (cloud-provider-harvester pkg/utils/consts.go). */
export const PROVIDER = {
  ipam:           'cloudprovider.harvesterhci.io/ipam',
  network:        'cloudprovider.harvesterhci.io/network',
  project:        'cloudprovider.harvesterhci.io/project',
  namespace:      'cloudprovider.harvesterhci.io/namespace',
  primaryService: 'cloudprovider.harvesterhci.io/primary-service',
  lbCluster:      'cloudprovider.harvesterhci.io/cluster',
  lbSvcNamespace: 'cloudprovider.harvesterhci.io/serviceNamespace',
  lbSvcName:      'cloudprovider.harvesterhci.io/serviceName',
  lbNetwork:      'cloudprovider.harvesterhci.io/lb-network',
  kubeVipIPs:     'kube-vip.io/loadbalancerIPs',
  kubeVipIface:   'kube-vip.io/serviceInterface',
  /** Where kube-vip records the DHCP lease it took for `loadbalancerIPs: 0.0.0.0`. */
  kubeVipLease:   'kube-vip.io/requestedIP',
} as const;
