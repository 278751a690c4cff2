// What the registration needs, kept apart so the extension's entry bundle stays small.
export { SNAPSHOT_CLASS } from '../data/typeIds';
