import { Seed } from '../steve/types';
import { harvesterHostCluster } from './clusters/harvesterHost';
import { k3sGuestCluster } from './clusters/k3sGuest';
import { plainCluster } from './clusters/plainCluster';
import { rancherLocalCluster } from './clusters/rancherLocal';
import { rke2GuestCluster } from './clusters/rke2Guest';

/** The demo Rancher: its own cluster, a Harvester host, two guests on it and a cluster that is not on Harvester. */
export function demoSeed(): Seed {
  return {
    clusters: [
      rancherLocalCluster(),
      harvesterHostCluster(),
      rke2GuestCluster(),
      k3sGuestCluster(),
      plainCluster(),
    ]
  };
}
