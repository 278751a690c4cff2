/** A chart archive's content: the files of its gzipped tar, and the info Rancher reads from them. */
import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';

/** The files of a gzipped tar archive (ustar, with pax `path` records), by name. */
export function untgz(data: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(data);
  const files = new Map<string, Buffer>();
  let paxPath: string | undefined;

  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);

    if (header.every((b) => b === 0)) {
      break;
    }
    const text = (from: number, len: number) => header.subarray(from, from + len).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const kind = text(156, 1);
    const prefix = text(257, 6).startsWith('ustar') ? text(345, 155) : '';
    const body = tar.subarray(at + 512, at + 512 + size);

    if (kind === 'x') {
      paxPath = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
    } else {
      if (kind === '0' || kind === '') {
        files.set(paxPath || (prefix ? `${ prefix }/${ text(0, 100) }` : text(0, 100)), Buffer.from(body));
      }
      paxPath = undefined;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }

  return files;
}

/** Rancher's `helm.InfoFromTarball`: Chart.yaml, values, questions and readmes of a chart archive. */
export function chartInfo(archive: Buffer): Record<string, unknown> {
  const info: Record<string, any> = {
    values: {}, questions: {}, chart: {}
  };

  for (const [name, content] of untgz(archive)) {
    const inChart = name.split('/').slice(1).join('/').toLowerCase();
    const key = ({
      'values.yaml': 'values', 'values.yml': 'values', 'questions.yaml': 'questions', 'questions.yml': 'questions', 'chart.yaml': 'chart', 'chart.yml': 'chart'
    } as Record<string, string>)[inChart];

    if (key) {
      info[key] = parse(content.toString('utf8')) || {};
    } else if (inChart === 'readme.md') {
      info.readme = content.toString('utf8');
    } else if (inChart === 'app-readme.md') {
      info.appReadme = content.toString('utf8');
    }
  }
  // Go's encoder leaves out the empty maps (omitempty).
  for (const k of ['values', 'questions', 'chart']) {
    if (!Object.keys(info[k]).length) {
      delete info[k];
    }
  }

  return info;
}
