// What the registration needs, kept apart so the extension's entry bundle stays small.
export const SNAPSHOT_CLASS = 'snapshot.storage.k8s.io.volumesnapshotclass';
