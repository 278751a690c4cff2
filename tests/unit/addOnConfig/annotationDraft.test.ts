import fc from 'fast-check';
import { ANNOTATIONS, Annotations, LbConfig, readLbConfig } from '@pkg/addOnConfig/annotations';
import { writeLbConfig } from '@pkg/addOnConfig/annotationWrites';
import {
  AnnotationDraft, composeDraft, editDraft, observeAnnotations, openDraft, snapshotDraft
} from '@pkg/addOnConfig/annotationDraft';
import { ownedAnnotations } from '@pkg/addOnConfig/saveComposition';

const OWNED = Object.values(ANNOTATIONS) as string[];
const FOREIGN = ['example.com/owner', 'kube-vip.io/loadbalancerIPs', 'field.cattle.io/description'];
const VALUES = ['pool', 'dhcp', 'DHCP', 'default/web', 'default/vlan1', '80', '8080', '3', '', ' 7 '];

const foreignOf = (a: Annotations) => Object.fromEntries(Object.entries(a).filter(([k]) => !OWNED.includes(k)));
const setKey = (a: Annotations, key: string, value: string | null): Annotations => {
  const out = { ...a };

  if (value === null) {
    delete out[key];
  } else {
    out[key] = value;
  }

  return out;
};

// What the user can do in the tab, as the component's setSource/setField/health-check events do it.
type TabOp = (f: LbConfig) => LbConfig;
const tabOp: fc.Arbitrary<TabOp> = fc.oneof(
  fc.constantFrom('pool', 'dhcp', 'share').map((s) => (f: LbConfig) => ({
    ...f, sharing: s === 'share', ipam: s === 'dhcp' ? 'dhcp' as const : 'pool' as const
  })),
  fc.constantFrom('', 'default/web', 'ns/a').map((v) => (f: LbConfig) => ({ ...f, primaryService: v })),
  fc.constantFrom('', 'default/vlan1', 'mgmt').map((v) => (f: LbConfig) => ({ ...f, network: v })),
  fc.boolean().map((on) => (f: LbConfig) => ({ ...f, healthCheck: { ...f.healthCheck, enabled: on } })),
  fc.constantFrom('80', '8080', '', 'x').map((v) => (f: LbConfig) => ({ ...f, healthCheck: { ...f.healthCheck, port: v } })),
  fc.tuple(fc.constantFrom('successThreshold', 'failureThreshold', 'periodSeconds', 'timeoutSeconds'), fc.constantFrom('1', '3', '9', ''))
    .map(([k, v]) => (f: LbConfig) => ({ ...f, healthCheck: { ...f.healthCheck, [k]: v } })),
  fc.constant((f: LbConfig) => ({
    ...f, healthCheck: { ...f.healthCheck, enabled: false }, dropHealthCheckKeys: true
  })),
);
const keyWrite = (keys: string[]) => fc.record({ key: fc.constantFrom(...keys), value: fc.option(fc.constantFrom(...VALUES), { nil: null }) });

type Event =
  | { kind: 'tab'; op: TabOp }
  // Another tab (Labels & Annotations) or the shell merging the server's version in after a 409.
  | { kind: 'outside'; key: string; value: string | null }
  // Save: the first hook, other hooks writing to any key (Rancher's own Add-on Config on 2.12–2.14), the last hook.
  | { kind: 'save'; writes: { key: string; value: string | null }[] };

const event: fc.Arbitrary<Event> = fc.oneof(
  tabOp.map((op) => ({ kind: 'tab' as const, op })),
  keyWrite([...OWNED, ...FOREIGN]).map((w) => ({ kind: 'outside' as const, ...w })),
  fc.array(keyWrite([...OWNED, ...FOREIGN]), { maxLength: 4 }).map((writes) => ({ kind: 'save' as const, writes })),
);
const serverAnnotations = fc.dictionary(fc.constantFrom(...OWNED, ...FOREIGN), fc.constantFrom(...VALUES), { maxKeys: 8 });

describe('the Add-on Config draft (open, edit, outside change, 409 merge, snapshot, compose)', () => {
  it('sends the server\'s object + this tab\'s edits + other tabs\' edits, and shows what it will send, over any sequence', () => {
    fc.assert(fc.property(serverAnnotations, fc.array(event, { maxLength: 25 }), (server, events) => {
      // The page's Service annotations and the draft, wired as the component wires them (its deep watcher after
      // every change).
      let page: Annotations = { ...server };
      let draft: AnnotationDraft = openDraft(page);
      // The reference: the form's base (the last outside change of the provider's keys) and the user's form since.
      let base: Annotations = { ...server };
      let form: LbConfig = readLbConfig(base);
      let foreign = foreignOf(server);
      const expectedOwned = () => ownedAnnotations(writeLbConfig(base, form));

      events.forEach((e) => {
        if (e.kind === 'tab') {
          const next = e.op(draft.form);
          const edited = editDraft(draft, page, next);

          draft = edited.draft;
          page = edited.annotations;
          form = next;
        } else if (e.kind === 'outside') {
          const before = expectedOwned();

          page = setKey(page, e.key, e.value);
          if (OWNED.includes(e.key)) {
            const after = setKey(before, e.key, e.value);

            if (JSON.stringify(Object.entries(after).sort()) !== JSON.stringify(Object.entries(before).sort())) {
              base = { ...foreign, ...after };
              form = readLbConfig(base);
            }
          } else {
            foreign = setKey(foreign, e.key, e.value);
          }
        } else {
          draft = snapshotDraft(draft, page);
          e.writes.forEach((w) => {
            page = setKey(page, w.key, w.value);
          });
          const composed = composeDraft(draft, page);

          draft = composed.draft;
          expect(composed.annotations).not.toBeNull();
          const sent = composed.annotations as Annotations;

          // The provider's keys exactly as the user left them, whatever the hooks in between wrote to them.
          expect(ownedAnnotations(sent)).toEqual(expectedOwned());
          // Other keys as the user left them, plus what the other hooks wrote to them.
          expect(foreignOf(sent)).toEqual(foreignOf(page));
          foreign = foreignOf(sent);
          page = sent;
        }
        draft = observeAnnotations(draft, page);

        // What is on the page is what would be sent, and the form shows it.
        expect(ownedAnnotations(page)).toEqual(expectedOwned());
        expect(foreignOf(page)).toEqual(foreign);
        expect(draft.form).toEqual(form);
      });
    }), { numRuns: 400 });
  });

  it('a Service opened and saved untouched is sent byte for byte, odd spellings included', () => {
    const server = {
      [ANNOTATIONS.ipam]: 'DHCP', [ANNOTATIONS.successThreshold]: ' 7 ', 'example.com/owner': 'team-a'
    };
    const draft = snapshotDraft(openDraft(server), server);

    expect(composeDraft(draft, { ...server, [ANNOTATIONS.ipam]: 'dhcp' }).annotations).toEqual(server);
  });

  it('after a 409 the form re-opens on the merged annotations; this tab\'s own writes never re-open it', () => {
    const opened = openDraft({ [ANNOTATIONS.ipam]: 'pool' });
    const edited = editDraft(opened, { [ANNOTATIONS.ipam]: 'pool' }, { ...opened.form, network: 'default/vlan1' });

    expect(observeAnnotations(edited.draft, edited.annotations)).toBe(edited.draft);
    const merged = observeAnnotations(edited.draft, { ...edited.annotations, [ANNOTATIONS.ipam]: 'dhcp' });

    expect(merged.form.ipam).toBe('dhcp');
    expect(merged.form.network).toBe('default/vlan1');
    expect(merged.original[ANNOTATIONS.ipam]).toBe('dhcp');
  });

  it('compose without a snapshot changes nothing (a Service that is not a load balancer)', () => {
    expect(composeDraft(openDraft({}), { a: 'b' }).annotations).toBeNull();
  });
});
