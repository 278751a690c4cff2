/**
 * Strategic merge patch's list handling for the lists the demo's objects have: a patched list is merged with the
 * stored one by its merge key (patch items first, then the stored items the patch does not name), as the real
 * kube-apiserver does (tests/real/kubeDifferential.real.ts: patching a Service's ports keeps the others).
 * The result is then applied as a JSON merge patch.
 */
const MERGE_KEYS: Record<string, string> = {
  ports: 'port', containers: 'name', initContainers: 'name', env: 'name', volumes: 'name', volumeMounts: 'mountPath', conditions: 'type'
};

export function strategicToMergePatch(stored: any, patch: any): any {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) {
    return patch;
  }
  const out: Record<string, any> = {};

  for (const [k, v] of Object.entries(patch)) {
    const key = MERGE_KEYS[k];
    const old = stored?.[k];

    if (key && Array.isArray(v) && Array.isArray(old) && v.every((x) => x && typeof x === 'object' && key in x)) {
      const named = new Set(v.map((x: any) => x[key]));

      out[k] = [
        ...v.map((x: any) => ({ ...(old.find((o: any) => o?.[key] === x[key]) || {}), ...x })),
        ...old.filter((o: any) => !named.has(o?.[key]))
      ];
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = strategicToMergePatch(old, v);
    } else {
      out[k] = v;
    }
  }

  return out;
}
