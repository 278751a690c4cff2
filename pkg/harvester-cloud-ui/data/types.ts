/** The parts of Kubernetes objects, as Steve returns them, that this extension reads. */
export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  creationTimestamp?: string;
  /** Set once a delete was asked while finalizers still hold the object. */
  deletionTimestamp?: string;
}

export interface KubeObject {
  id?: string;
  type?: string;
  metadata: ObjectMeta;
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  status?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
}

/** A Steve list: its items and, for the caching and paging callers, its revision and counts. */
export interface SteveCollection<T = KubeObject> {
  type?: 'collection';
  data: T[];
  revision?: string;
  count?: number;
  pages?: number;
}

/** What a Steve schema says the user may do with a type (Steve serves a schema only for types the user may use). */
export interface SchemaLike {
  collectionMethods?: string[];
  resourceMethods?: string[];
}
