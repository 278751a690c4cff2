export * from '../../kube/builders';
export * from './rancher';
export * from './harvester';
