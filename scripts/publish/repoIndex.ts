import {
  Document, isMap, isScalar, isSeq, parseDocument, YAMLMap, YAMLSeq
} from 'yaml';
import { quotedString, sortKeys, YAML_TO_STRING, YAML_VERSION } from './yamlFormat';

/** One chart version in index.yaml: the chart's metadata plus where to download it and its sha256. */
export type IndexEntry = Record<string, unknown> & {
  name: string;
  version: string;
  created: string;
  digest: string;
  urls: string[];
};

/**
 * The index entry `helm repo index` writes for a chart archive: every field of its Chart.yaml, `urls`
 * (relative to the repository root), `created` (RFC 3339) and `digest` (sha256 of the archive), keys sorted.
 */
export function indexEntry(chart: Record<string, unknown>, info: { url: string; digest: string; created: string }): IndexEntry {
  return sortKeys({
    ...chart,
    created: info.created,
    digest:  info.digest,
    urls:    [info.url],
  }) as IndexEntry;
}

function parseVersion(version: string) {
  const [core, ...rest] = version.split('+')[0].split('-');

  return {
    nums: core.split('.').map((n) => Number(n)),
    pre:  rest.length ? rest.join('-').split('.') : [],
  };
}

/** Semantic-version order (build metadata ignored), as helm sorts a chart's versions. */
export function compareVersions(a: string, b: string): number {
  const va = parseVersion(a);
  const vb = parseVersion(b);

  for (let i = 0; i < 3; i++) {
    const d = (va.nums[i] || 0) - (vb.nums[i] || 0);

    if (d) {
      return Math.sign(d);
    }
  }
  if (!va.pre.length || !vb.pre.length) {
    return Math.sign(vb.pre.length - va.pre.length);
  }
  for (let i = 0; i < Math.max(va.pre.length, vb.pre.length); i++) {
    const x = va.pre[i];
    const y = vb.pre[i];

    if (x === undefined || y === undefined) {
      return x === undefined ? -1 : 1;
    }
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);

    if (nx && ny && Number(x) !== Number(y)) {
      return Math.sign(Number(x) - Number(y));
    }
    if (nx !== ny) {
      return nx ? -1 : 1;
    }
    if (x !== y) {
      return x < y ? -1 : 1;
    }
  }

  return 0;
}

/**
 * Parses index.yaml for editing with the failsafe schema: every scalar stays the exact string it was written as
 * (a typed parse would turn an unquoted `created: 2025-01-01T00:00:00Z` into a date and write it back changed).
 */
function parseIndex(text: string): Document {
  const doc = parseDocument(text, { schema: 'failsafe' });

  if (doc.errors.length) {
    throw new Error(`index.yaml does not parse: ${ doc.errors[0].message }`);
  }
  if (!isMap(doc.contents)) {
    throw new Error('index.yaml is not a mapping');
  }

  return doc;
}

/**
 * The YAML node of a new entry, for a failsafe document: written out with the YAML 1.1 quoting rules first
 * (`created` double-quoted, as helm does) and read back, so each scalar keeps the quoting it needs.
 */
function entryNode(entry: IndexEntry): YAMLMap {
  const typed = new Document(entry, { version: YAML_VERSION });

  typed.set('created', quotedString(entry.created));

  return parseDocument(typed.toString(YAML_TO_STRING), { schema: 'failsafe' }).contents as YAMLMap;
}

function versionOf(item: unknown): string {
  return isMap(item) ? String((item as YAMLMap).get('version')) : '';
}

/** A chart version's entry in an index.yaml text, as plain data; undefined when absent. */
export function findEntry(indexText: string | undefined, name: string, version: string): Record<string, any> | undefined {
  if (!indexText) {
    return undefined;
  }
  const versions = parseIndex(indexText).getIn(['entries', name]);
  const item = isSeq(versions) ? versions.items.find((i) => versionOf(i) === version) : undefined;

  return item ? (item as YAMLMap).toJSON() : undefined;
}

/** The `generated` time of an index.yaml text, as written. */
export function generatedOf(indexText: string | undefined): string | undefined {
  const value = indexText ? parseIndex(indexText).get('generated') : undefined;

  return typeof value === 'string' ? value : undefined;
}

/**
 * Adds (or replaces) one chart version in an index.yaml text and returns the new text (pure).
 *
 * The existing document is edited in place rather than rebuilt, so every other entry keeps its exact text
 * (values, quoting, `created`): publishing a version never changes what the index says about the others.
 * A chart's versions are kept newest first and charts by name, as helm writes them; `generated` is updated.
 */
export function mergeIndex(indexText: string | undefined, entry: IndexEntry, generated: string): string {
  const doc = parseIndex(indexText || 'apiVersion: v1\n');

  if (!doc.get('apiVersion')) {
    doc.set('apiVersion', 'v1');
  }
  let entries = doc.get('entries');

  if (!isMap(entries)) {
    entries = doc.createNode({});
    doc.set('entries', entries);
  }
  const charts = entries as YAMLMap;
  let versions = charts.get(entry.name);

  if (!isSeq(versions)) {
    versions = doc.createNode([]);
    charts.set(entry.name, versions);
  }
  const seq = versions as YAMLSeq;
  const node = entryNode(entry);

  seq.items = seq.items.filter((item) => versionOf(item) !== entry.version);
  seq.items.push(node);
  seq.items.sort((a, b) => compareVersions(versionOf(b), versionOf(a)));
  charts.items.sort((a, b) => {
    const ka = String(isScalar(a.key) ? a.key.value : a.key);
    const kb = String(isScalar(b.key) ? b.key.value : b.key);

    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  doc.set('generated', quotedString(generated));

  return doc.toString(YAML_TO_STRING);
}
