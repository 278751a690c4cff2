export * from './kube';
export * from './rancher';
export * from './harvester';
