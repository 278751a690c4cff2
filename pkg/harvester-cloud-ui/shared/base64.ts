/** UTF-8 text to base64 with the browser's own btoa (Node's Buffer would bundle a polyfill). */
export function toBase64(text: string): string {
  let bin = '';

  new TextEncoder().encode(text).forEach((b) => {
    bin += String.fromCharCode(b);
  });

  return btoa(bin);
}

/** Base64 (or base64url, unpadded) to UTF-8 text; null when it is not base64. */
export function fromBase64(b64: string): string | null {
  try {
    const std = b64.trim().replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(std + '='.repeat((4 - (std.length % 4)) % 4));

    return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch (e) {
    return null;
  }
}
