/**
 * The translation function the decision modules take. There is one t(): a component passes its global
 * `(k, a) => this.t(k, a, true)` (raw: Vue escapes the text itself), a list column shellAdapter/rowContext's
 * `rowTranslate(row)`; nothing else reads the store's `i18n/t` (lint rule in eslint.config.mjs).
 */
export type Translate = (key: string, args?: Record<string, unknown>) => string;
