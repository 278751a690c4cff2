/** The rows a scrolled list must render: those in view plus `overscan` on each side, and the space around them. */
export interface RowWindow {
  start: number;
  /** Exclusive. */
  end: number;
  padTop: number;
  padBottom: number;
}

export function rowWindow(total: number, scrollTop: number, viewport: number, rowHeight: number, overscan = 8): RowWindow {
  if (total <= 0 || rowHeight <= 0) {
    return {
      start: 0, end: 0, padTop: 0, padBottom: 0
    };
  }
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const shown = Math.ceil(Math.max(0, viewport) / rowHeight) + 1;
  const start = Math.min(total, Math.max(0, first - overscan));
  const end = Math.min(total, first + shown + overscan);

  return {
    start, end, padTop: start * rowHeight, padBottom: (total - end) * rowHeight
  };
}
