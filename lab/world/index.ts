export { demoSeed } from './seed';
export * from './ids';
export { GUEST_VMS, HOST_TOPOLOGY } from './guestVms';
