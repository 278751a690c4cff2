/** The parts of Kubernetes objects, as Steve returns them, that this extension reads. */
export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface KubeObject {
  id?: string;
  type?: string;
  metadata: ObjectMeta;
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  status?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
}

/** The slice of the Vuex store the extension's data access needs (real store in the app and in tests). */
export interface StoreLike {
  getters: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  dispatch(type: string, payload?: unknown): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
