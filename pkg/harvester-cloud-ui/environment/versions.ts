/** Version arithmetic, apart from the reads of installedVersions.ts so a screen that only compares carries no reads. */

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split(/[.-]/).map((x) => parseInt(x, 10) || 0);
  const pb = b.replace(/^v/, '').split(/[.-]/).map((x) => parseInt(x, 10) || 0);

  for (let i = 0; i < 3; i++) {
    if ((pa[i] || 0) !== (pb[i] || 0)) {
      return (pa[i] || 0) - (pb[i] || 0);
    }
  }

  return 0;
}

/** True when `version` is known and at least `min`; null when unknown. */
export function atLeast(version: string | null, min: string): boolean | null {
  return version ? compareVersions(version, min) >= 0 : null;
}
