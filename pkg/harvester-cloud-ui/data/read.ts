import { readFailureOf } from './failure';

export type {
  FailureInfo, HttpFailure, ReadFailure
} from './failure';

/**
 * A read that may have failed. `readable: true` with a null value says "absent" (a 404, or nothing there);
 * `readable: false` says "could not check", never "absent".
 */
export interface Read<T> {
  readable: boolean;
  value: T | null;
}

export const readable = <T>(value: T | null): Read<T> => ({ readable: true, value });
export const UNREADABLE: Read<never> = { readable: false, value: null };

/** A GET whose 404 means "not there" (readable, absent) and any other failure "could not check". */
export async function readOrAbsent<T>(load: () => Promise<T | null | undefined>): Promise<Read<T>> {
  try {
    return readable((await load()) || null);
  } catch (e) {
    return readFailureOf(e).failure === 'absent' ? readable<T>(null) : UNREADABLE;
  }
}
