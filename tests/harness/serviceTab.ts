/** The Service pages the Add-on Config tab is tested and measured on: their routes, and a new LoadBalancer to create. */
export const CREATE_ROUTE = {
  name: 'c-cluster-product-resource-create', query: {}, params: {}
};
export const EDIT_ROUTE = {
  name: 'c-cluster-product-resource-namespace-id', query: { mode: 'edit' }, params: {}
};
export const VIEW_ROUTE = {
  name: 'c-cluster-product-resource-namespace-id', query: {}, params: {}
};

export interface PortSpec {
  name?: string;
  port: number;
  protocol: string;
  targetPort?: number;
}

/** A LoadBalancer Service not yet saved, as the create page holds it (the store's model). */
export function newLoadBalancer(store: any, metadata: { name: string; namespace: string }, ports: PortSpec[], selector?: Record<string, string>) {
  return store.dispatch('cluster/create', {
    type: 'service',
    metadata,
    spec: {
      type: 'LoadBalancer', ports, ...(selector ? { selector } : {})
    },
  });
}
