/** Every flow of the suite, in the order they run. */
import { Flow } from '../runner';
import { loadBalancerFlows } from './loadbalancer';
import { storageFlows } from './storage';
import { topologyFlows } from './topology';
import { accessFlows } from './access';
import { faultFlows } from './faults';
import { validationFlows } from './validation';
import { accessibilityFlows } from './accessibility';
import { languageFlows } from './language';

export const allFlows: Flow[] = [
  ...loadBalancerFlows,
  ...storageFlows,
  ...topologyFlows,
  ...accessFlows,
  ...faultFlows,
  ...validationFlows,
  ...accessibilityFlows,
  // Last: they switch the dashboard's language (and back at the end).
  ...languageFlows,
];
