/** How the browser suites start Chromium: Debian's package (no browser download), headless, offline-friendly. */
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export const LAUNCH_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-dev-shm-usage', '--disable-quic'
];
