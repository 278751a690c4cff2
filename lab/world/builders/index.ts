export * from '../../simulator/kube/builders';
export * from './rancher';
export * from './harvester';
