/**
 * The smallest informer the stand-ins need: list a resource, then watch it from the list's resourceVersion, calling
 * `onChange` for every object added or modified (and once for each listed), relisting when the watch ends or is too
 * old. One at a time per resource, like a controller's single worker: a handler's own write comes back as an event
 * and must be idempotent.
 */
import https from 'node:https';
import { KubeTarget, kubeRequest } from '../core/kubeClient';

type Obj = Record<string, any>;

export interface Informer {
  stop(): void;
  /** Resolves once the first list was handled. */
  synced: Promise<void>;
}

export function inform(target: KubeTarget, collectionPath: string, onChange: (o: Obj, type: string) => Promise<void>, log: (l: string) => void): Informer {
  const state = { stopped: false };
  let request: ReturnType<typeof https.get> | null = null;
  let queue = Promise.resolve();
  let markSynced: () => void = () => {};
  const synced = new Promise<void>((resolve) => {
    markSynced = resolve;
  });
  const handle = (o: Obj, type: string) => {
    queue = queue.then(() => onChange(o, type)).catch((e) => log(`${ collectionPath } ${ o?.metadata?.name }: ${ e?.message || e }`));

    return queue;
  };

  const watch = (rv: string): Promise<void> => new Promise((resolve) => {
    // The server ends the watch after timeoutSeconds; the client gives up on a silent one after twice that.
    const u = new URL(`${ collectionPath }?watch=true&allowWatchBookmarks=true&timeoutSeconds=300&resourceVersion=${ rv }`, target.url);

    request = https.get(u, { rejectUnauthorized: false, headers: { authorization: `Bearer ${ target.token }` } }, (res) => {
      let buf = '';

      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let nl = buf.indexOf('\n');

        while (nl >= 0) {
          const line = buf.slice(0, nl);

          buf = buf.slice(nl + 1);
          nl = buf.indexOf('\n');
          if (!line.trim()) {
            continue;
          }
          const ev = JSON.parse(line);

          if (ev.type === 'ERROR') {
            res.destroy();

            return;
          }
          rv = ev.object?.metadata?.resourceVersion || rv;
          if (ev.type === 'ADDED' || ev.type === 'MODIFIED' || ev.type === 'DELETED') {
            handle(ev.object, ev.type);
          }
        }
      });
      res.on('end', () => resolve());
      res.on('error', () => resolve());
      res.on('close', () => resolve());
    });
    request.on('error', () => resolve());
    request.setTimeout(600000, () => request?.destroy());
  });

  (async() => {
    while (!state.stopped) {
      const list = await kubeRequest(target, 'GET', collectionPath).catch(() => null);

      if (!list || list.status !== 200) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      for (const o of list.body.items || []) {
        handle({
          ...o, apiVersion: list.body.apiVersion, kind: (list.body.kind || '').replace(/List$/, '')
        }, 'ADDED');
      }
      await queue;
      markSynced();
      await watch(list.body.metadata.resourceVersion);
    }
  })();

  return {
    synced,
    stop() {
      state.stopped = true;
      request?.destroy();
    },
  };
}
