/** The simulator's state and the helpers tests and transports need, from core/, steve/ and rancher/ (router: ../router.ts). */
export {
  createState, restoreState, snapshotState, resetState, getObject, listObjects, storeObject, deleteObject
} from '../core/state';
export type { SimState, StateSnapshot } from '../core/state';
export { toSteveObject, fromSteveObject } from './steveObject';
export {
  lookupType, typeOfObject, TYPES
} from '../core/registry';
export type { TypeDef } from '../core/registry';
export { USERS, DEMO_PASSWORD } from '../rancher/users';
export { SESSION_COOKIE, authenticate } from '../rancher/auth';
export { countsObject } from './counts';
export { steveId } from '../core/ids';
export * from '../core/types';
