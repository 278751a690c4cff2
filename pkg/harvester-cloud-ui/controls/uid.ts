let next = 0;

/** A page-unique id for tying a control to its label and description (aria-labelledby, for, aria-describedby). */
export function uid(prefix: string): string {
  next += 1;

  return `hcui-${ prefix }-${ next }`;
}
