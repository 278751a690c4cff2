/** The simulator's Steve core: state and the helpers tests and transports need (the router is ../router.ts). */
export {
  createState, restoreState, snapshotState, resetState, getObject, listObjects, storeObject, deleteObject
} from './state';
export type { SimState, StateSnapshot } from './state';
export { toSteveObject, fromSteveObject } from './steveObject';
export {
  lookupType, typeOfObject, TYPES
} from './registry';
export type { TypeDef } from './registry';
export { USERS, DEMO_PASSWORD } from './users';
export type { SimUser } from './users';
export { SESSION_COOKIE, authenticate } from './auth';
export { countsObject } from './counts';
export { steveId } from './ids';
export * from './types';
