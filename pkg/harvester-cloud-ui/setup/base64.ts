/** UTF-8 text to base64 with the browser's own btoa (Node's Buffer would bundle a polyfill). */
export function toBase64(text: string): string {
  let bin = '';

  new TextEncoder().encode(text).forEach((b) => {
    bin += String.fromCharCode(b);
  });

  return btoa(bin);
}
