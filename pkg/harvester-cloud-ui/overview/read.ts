/** A read that may have failed: `null` value with `readable: false` says "could not check", not "absent". */
export interface Read<T> {
  readable: boolean;
  value: T | null;
}
