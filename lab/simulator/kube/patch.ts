/** JSON merge patch (RFC 7386) and the JSON patch (RFC 6902) operations UIs send. */

export function mergePatch(target: any, patch: any): any {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    return patch;
  }
  const out = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};

  for (const [k, v] of Object.entries(patch)) {
    if (v === null) {
      delete out[k];
    } else {
      out[k] = mergePatch(out[k], v);
    }
  }

  return out;
}

function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export interface JsonPatchOp {
  op: 'add' | 'replace' | 'remove' | 'test';
  path: string;
  value?: any;
}

/** Applies add/replace/remove/test; throws with a message on a bad path or failed test. */
export function jsonPatch(target: any, ops: JsonPatchOp[]): any {
  const doc = JSON.parse(JSON.stringify(target));

  for (const op of ops) {
    const tokens = op.path.split('/').slice(1).map(unescapePointer);
    const last = tokens.pop() as string;
    let parent = doc;

    for (const t of tokens) {
      if (parent === null || typeof parent !== 'object') {
        throw new Error(`path ${ op.path } does not exist`);
      }
      if (parent[t] === undefined && op.op === 'add') {
        parent[t] = {};
      }
      parent = parent[t];
    }
    if (parent === null || typeof parent !== 'object') {
      throw new Error(`path ${ op.path } does not exist`);
    }
    if (op.op === 'test') {
      if (JSON.stringify(parent[last]) !== JSON.stringify(op.value)) {
        throw new Error(`test failed at ${ op.path }`);
      }
    } else if (op.op === 'remove') {
      if (Array.isArray(parent)) {
        parent.splice(Number(last), 1);
      } else {
        delete parent[last];
      }
    } else if (Array.isArray(parent) && op.op === 'add') {
      parent.splice(last === '-' ? parent.length : Number(last), 0, op.value);
    } else {
      parent[last] = op.value;
    }
  }

  return doc;
}
