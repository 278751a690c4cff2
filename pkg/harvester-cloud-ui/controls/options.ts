/** One choice of a SelectField or RadioField. */
export interface FieldOption {
  label: string;
  value: string;
  disabled?: boolean;
}

export type FieldMode = 'edit' | 'create' | 'view';

/**
 * The option an arrow key moves to from `current`, skipping disabled ones and wrapping around as native radio
 * groups do (WAI-ARIA radio group pattern). -1 when no option can be chosen.
 */
export function stepOption(options: FieldOption[], current: number, step: 1 | -1): number {
  const n = options.length;

  for (let i = 1; i <= n; i++) {
    const at = (((current + step * i) % n) + n) % n;

    if (!options[at].disabled) {
      return at;
    }
  }

  return -1;
}
