import { SimState } from '../core/state';
import { Fault } from '../core/types';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

export interface FaultTarget {
  method: string;
  path: string;
  cluster?: string;
  type?: string;
}

function pathMatches(pattern: string, path: string): boolean {
  if (pattern.length > 1 && pattern.startsWith('/') && pattern.endsWith('/')) {
    return new RegExp(pattern.slice(1, -1)).test(path);
  }

  return path.includes(pattern);
}

function matches(f: Fault, target: FaultTarget): boolean {
  const m = f.match || {};
  const method = target.method.toUpperCase();

  // Without a method a fault is meant for writes: the dashboard's background reads must not use it up.
  if (m.method ? m.method.toUpperCase() !== method : !WRITE_METHODS.includes(method)) {
    return false;
  }
  if (m.path && !pathMatches(m.path, target.path)) {
    return false;
  }
  if (m.cluster && m.cluster !== target.cluster) {
    return false;
  }

  return !m.type || m.type === target.type;
}

/** Takes the first fault matching this request, counting down its `times`. */
export function takeFault(state: SimState, target: FaultTarget): Fault | null {
  const i = state.faults.findIndex((f) => matches(f, target));

  if (i < 0) {
    return null;
  }
  const f = state.faults[i];
  const left = (f.times ?? 1) - 1;

  if (left <= 0) {
    state.faults.splice(i, 1);
  } else {
    f.times = left;
  }

  return f;
}

export function isFault(v: any): v is Fault {
  const r = v?.respond;

  return !!v && typeof v === 'object' && (typeof r === 'number' || r === 'drop' || (typeof r === 'object' && typeof r?.delayMs === 'number'));
}
