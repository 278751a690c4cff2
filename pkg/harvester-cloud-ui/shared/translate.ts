/** The one translation function shape every feature takes (the shell's `i18n/t` getter, or a component's `t`). */
export type Translate = (key: string, args?: Record<string, unknown>) => string;
