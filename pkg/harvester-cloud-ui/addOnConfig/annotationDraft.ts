import { Annotations, LbConfig, readLbConfig } from './annotations';
import { applyLbEdit } from './annotationWrites';
import { composeForSave, ownedAnnotations, ownedDiffer } from './saveComposition';

/**
 * The Add-on Config's state between opening a Service and saving it ("saved = chosen"), as a value the tab only
 * wires to the page. Every function returns a new draft; none touches the Service.
 *
 * - `original`: what the Service carried when the tab opened, or when its load-balancer keys last changed from
 *   outside the tab. Every write is a diff against it, so fields the user leaves alone keep their bytes.
 * - `form`: what the tab shows.
 * - `lastWritten`: the provider's keys as the tab last left them on the Service: any other difference was made by
 *   someone else (the Labels & Annotations tab, the shell merging the server's version in after a 409).
 * - `snapshot`: the annotations as the user left them, taken by the first save hook (see saveComposition.ts).
 */
export interface AnnotationDraft {
  original: Annotations;
  form: LbConfig;
  lastWritten: Annotations;
  snapshot: Annotations | null;
}

export function openDraft(annotations: Annotations | null | undefined): AnnotationDraft {
  const original = { ...(annotations || {}) };

  return {
    original, form: readLbConfig(original), lastWritten: ownedAnnotations(original), snapshot: null
  };
}

/** The user changed the form: the Service's annotations to set, and the draft that remembers the write. */
export function editDraft(draft: AnnotationDraft, current: Annotations | null | undefined, next: LbConfig): { draft: AnnotationDraft; annotations: Annotations } {
  const annotations = applyLbEdit(current, draft.original, draft.form, next);

  return {
    draft: {
      ...draft, form: next, lastWritten: ownedAnnotations(annotations)
    },
    annotations
  };
}

/**
 * The Service's annotations as the page holds them now. When the provider's keys differ from what the tab last
 * wrote, someone else changed them: the form re-opens on them, so it shows what the next Save will send. Anything
 * else (another tab's edit of other keys) leaves the draft as it is.
 */
export function observeAnnotations(draft: AnnotationDraft, annotations: Annotations | null | undefined): AnnotationDraft {
  return ownedDiffer(annotations, draft.lastWritten) ? { ...openDraft(annotations), snapshot: draft.snapshot } : draft;
}

/** First save hook: remember the annotations as the user left them (null: nothing of this tab's to keep). */
export function snapshotDraft(draft: AnnotationDraft, annotations: Annotations | null | undefined): AnnotationDraft {
  return { ...draft, snapshot: annotations ? { ...annotations } : null };
}

/**
 * Last save hook: the annotations to send, the provider's keys exactly as the snapshot had them and every other
 * key as the other hooks left it. null annotations when no snapshot was taken (nothing to change).
 */
export function composeDraft(draft: AnnotationDraft, current: Annotations | null | undefined): { draft: AnnotationDraft; annotations: Annotations | null } {
  if (!draft.snapshot) {
    return { draft, annotations: null };
  }
  const annotations = composeForSave(draft.snapshot, current);

  return {
    draft: {
      ...draft, snapshot: null, lastWritten: ownedAnnotations(annotations)
    },
    annotations
  };
}
