// jsdom with Node's own fetch-era globals (what msw 2 needs), as jest-fixed-jsdom does.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File', 'ReadableStream', 'WritableStream',
  'TransformStream', 'TextEncoder', 'TextDecoder', 'TextEncoderStream', 'TextDecoderStream', 'BroadcastChannel',
  'MessageChannel', 'MessagePort', 'structuredClone', 'AbortController', 'AbortSignal', 'URL', 'URLSearchParams',
  'WebSocket',
];

class NodeFriendlyJsdom extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) {
        this.global[name] = globalThis[name];
      }
    }
  }
}

module.exports = NodeFriendlyJsdom;
