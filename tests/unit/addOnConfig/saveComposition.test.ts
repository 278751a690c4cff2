import fc from 'fast-check';
import { ANNOTATIONS } from '@pkg/addOnConfig/annotations';
import { composeForSave, ownedAnnotations, ownedDiffer } from '@pkg/addOnConfig/saveComposition';

const OWNED = Object.values(ANNOTATIONS) as string[];
const FOREIGN = ['example.com/owner', 'kube-vip.io/loadbalancerIPs', 'field.cattle.io/description', 'team'];
const VALUES = ['pool', 'dhcp', 'default/web-pool', '80', '', 'Pool', ' 3 '];

type Edit = { key: string; value: string | null };

const edits = (keys: string[]) => fc.array(fc.record({ key: fc.constantFrom(...keys), value: fc.option(fc.constantFrom(...VALUES), { nil: null }) }), { maxLength: 8 });
const annotations = fc.dictionary(fc.constantFrom(...OWNED, ...FOREIGN), fc.constantFrom(...VALUES), { maxKeys: 10 });

function apply(base: Record<string, string>, list: Edit[]): Record<string, string> {
  const out = { ...base };

  list.forEach(({ key, value }) => {
    if (value === null) {
      delete out[key];
    } else {
      out[key] = value;
    }
  });

  return out;
}

describe('save-time composition (the Add-on Config\'s first and last save hooks)', () => {
  it('sends the server\'s annotations plus the user\'s edits, whatever other hooks wrote to the provider\'s keys in between', () => {
    fc.assert(fc.property(annotations, edits(OWNED), edits([...OWNED, ...FOREIGN]), edits(OWNED), edits(FOREIGN), (server, tabEdits, otherTabEdits, builtInWrites, otherHookWrites) => {
      // What the user left on the page: the server's version, the Add-on Config's edits and other tabs' edits.
      const snapshot = apply(apply(server, tabEdits), otherTabEdits);
      // Hooks between the first and the last: Rancher's own Add-on Config (provider keys), others (other keys).
      const current = apply(apply(snapshot, builtInWrites), otherHookWrites);
      const sent = composeForSave(snapshot, current);

      expect(ownedAnnotations(sent)).toEqual(ownedAnnotations(snapshot));
      FOREIGN.forEach((k) => expect(sent[k]).toBe(current[k]));
      expect(Object.keys(sent).every((k) => k in snapshot || k in current)).toBe(true);
    }));
  });

  it('undoes Rancher 2.12–2.14\'s `harvesterWillSave` on a new Service the user left alone: no ipam is sent', () => {
    const snapshot = { 'example.com/owner': 'team-a' };
    // edit/service.vue's HarvesterServiceAddOnConfig.willSave: ipam from its state (default dhcp), primary dropped.
    const afterBuiltIn: Record<string, string> = { ...snapshot, [ANNOTATIONS.ipam]: 'dhcp' };

    expect(composeForSave(snapshot, afterBuiltIn)).toEqual(snapshot);
  });

  it('keeps a sharing Service\'s primary-service that the built-in hook deleted', () => {
    const snapshot = { [ANNOTATIONS.primaryService]: 'default/web-pool' };

    expect(composeForSave(snapshot, {})).toEqual(snapshot);
  });

  it('tells when someone else changed the provider\'s keys (a conflict merge, the Labels & Annotations tab)', () => {
    expect(ownedDiffer({ [ANNOTATIONS.periodSeconds]: '4', a: '1' }, { [ANNOTATIONS.periodSeconds]: '4', a: '2' })).toBe(false);
    expect(ownedDiffer({ [ANNOTATIONS.periodSeconds]: '4' }, { [ANNOTATIONS.periodSeconds]: '7' })).toBe(true);
    expect(ownedDiffer({ [ANNOTATIONS.ipam]: 'pool' }, {})).toBe(true);
  });
});
