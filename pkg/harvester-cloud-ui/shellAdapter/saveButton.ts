import { VNode } from 'vue';
import { warnOnce } from './versions';

/**
 * A resource page's own Save/Create button, disabled where it cannot work (issue 34: a role that may not create a
 * StorageClass saw the form read only and a Create that sent nothing, yet enabled). The shell's editors render
 * `<CruResource :validation-passed="true" …>` as their root, and CruResource disables its Save/Create button while
 * `validationPassed` is false (components/CruResource.vue `canSave`). This sets that prop on the root VNode an
 * editor's render returns (withSaveAllowed). The compiled template passes it as a static prop, which Vue compares on update only with
 * FULL_PROPS in the patch flag, so that flag is added: the button follows a later change (another provisioner picked).
 *
 * Past the extension API, verified on the StorageClass editor (edit/storage.k8s.io.storageclass) of @rancher/shell
 * 3.0.5 (2.12), 3.0.8 (2.13), 3.0.9 (2.14), 3.0.12 (2.15) and 3.0.13. Where the root is not CruResource the VNode is
 * returned unchanged with a console warning: the button stays enabled and the form's own save hook still stops the
 * save with the reason beside it.
 */
const FULL_PROPS = 16;

/** The editor's root VNode with its Save/Create button enabled or not: `allowed` false disables it. */
export function withSaveAllowed(root: VNode | null | undefined, allowed: boolean): VNode | null | undefined {
  const type = root?.type as { name?: string } | undefined;

  if (!root || type?.name !== 'CruResource') {
    if (!allowed) {
      warnOnce('a CruResource at the root of the editor', 'its Save/Create button stays enabled; Save is stopped with the reason beside the form');
    }

    return root;
  }
  const props = { ...(root.props || {}) };
  const passed = props.validationPassed ?? props['validation-passed'];

  delete props['validation-passed'];
  props.validationPassed = allowed ? passed : false;
  root.props = props;
  // Every render, disabled or not: a later render that enables the button again must be compared too.
  if (root.patchFlag > 0) {
    root.patchFlag |= FULL_PROPS; // eslint-disable-line no-bitwise
  }

  return root;
}
