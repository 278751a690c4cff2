/**
 * The one way to translate (issue 26). Decision modules take a `Translate`; a component makes its own with
 * `componentTranslate(this)`, a list column with shellAdapter/rowContext's `rowTranslate(row)`. Templates call the
 * shell's global `t(key, args, true)` as the shell's own do. Nothing else reads the store's `i18n/t`, and no component
 * calls `this.t` itself (both lint rules in eslint.config.mjs).
 */
export type Translate = (key: string, args?: Record<string, unknown>) => string;

/** What the shell's i18n plugin gives every component: the global `t`, which finds its store through `this`. */
export interface ShellT {
  t(key: string, args?: Record<string, unknown>, raw?: boolean): string;
}

/**
 * A component's translator. Raw: the text is rendered as text, which Vue escapes (the shell's `t` would escape it a
 * second time). `prefix`: the start every key asked for shares (a page's own namespace, a group of related keys).
 * The store is read on each call, so a language change re-renders what uses it.
 */
export function componentTranslate(vm: ShellT, prefix = ''): Translate {
  const full = prefix ? (key: string) => `${ prefix }.${ key }` : (key: string) => key;

  return (key, args) => vm.t(full(key), args || {}, true);
}
