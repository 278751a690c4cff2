/**
 * Kubernetes' `duration.HumanDuration` (k8s.io/apimachinery/pkg/util/duration): how `kubectl get` prints ages
 * ("45s", "3m20s", "3h38m", "2d5h"). Steve puts it in the Age-like `metadata.fields` of a listed object
 * (steve pkg/resources/common/formatter.go convertMetadataTimestampFields).
 */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);

  if (seconds < -1) {
    return '<invalid>';
  } else if (seconds < 0) {
    return '0s';
  } else if (seconds < 60 * 2) {
    return `${ seconds }s`;
  }
  const minutes = Math.floor(seconds / 60);

  if (minutes < 10) {
    const s = seconds % 60;

    return s === 0 ? `${ minutes }m` : `${ minutes }m${ s }s`;
  } else if (minutes < 60 * 3) {
    return `${ minutes }m`;
  }
  const hours = Math.floor(minutes / 60);

  if (hours < 8) {
    const m = minutes % 60;

    return m === 0 ? `${ hours }h` : `${ hours }h${ m }m`;
  } else if (hours < 48) {
    return `${ hours }h`;
  } else if (hours < 24 * 8) {
    const h = hours % 24;

    return h === 0 ? `${ Math.floor(hours / 24) }d` : `${ Math.floor(hours / 24) }d${ h }h`;
  } else if (hours < 24 * 365 * 2) {
    return `${ Math.floor(hours / 24) }d`;
  } else if (hours < 24 * 365 * 8) {
    const dy = Math.floor(hours / 24) % 365;

    return dy === 0 ? `${ Math.floor(hours / 24 / 365) }y` : `${ Math.floor(hours / 24 / 365) }y${ dy }d`;
  }

  return `${ Math.floor(hours / 24 / 365) }y`;
}

/** The age of a timestamp as HumanDuration prints it, or '<unknown>' (kubectl's translateTimestampSince). */
export function ageOf(timestamp: string | undefined, now = Date.now()): string {
  const t = timestamp ? Date.parse(timestamp) : NaN;

  return Number.isFinite(t) ? humanDuration(now - t) : '<unknown>';
}
