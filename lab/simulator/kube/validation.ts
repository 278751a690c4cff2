/**
 * Kubernetes' object-meta validation (k8s.io/apimachinery `validation` packages), with its own message text so
 * the UI shows what a real cluster would say.
 */
import { KubeObject } from '../core/types';

const QUALIFIED_NAME_CHARS = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QUALIFIED_NAME_RE = new RegExp(`^${ QUALIFIED_NAME_CHARS }$`);
const LABEL_VALUE_CHARS = '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?';
const LABEL_VALUE_RE = new RegExp(`^${ LABEL_VALUE_CHARS }$`);
const DNS1123_LABEL_CHARS = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL_RE = new RegExp(`^${ DNS1123_LABEL_CHARS }$`);
const DNS1123_SUBDOMAIN_CHARS = `${ DNS1123_LABEL_CHARS }(\\.${ DNS1123_LABEL_CHARS })*`;
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${ DNS1123_SUBDOMAIN_CHARS }$`);
const DNS1035_LABEL_CHARS = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL_RE = new RegExp(`^${ DNS1035_LABEL_CHARS }$`);

const TOTAL_ANNOTATION_BYTES = 256 * 1024;

/** Kubernetes' RegexError: examples joined by ",  or " (two spaces, as it prints them). */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  const eg = examples.length ? ` (e.g. ${ examples.map((e) => `'${ e }'`).join(',  or ') }, regex used for validation is '${ fmt }')` : ` (regex used for validation is '${ fmt }')`;

  return `${ msg }${ eg }`;
}

const maxLen = (n: number) => `must be no more than ${ n } characters`;

export function dns1123SubdomainErrors(value: string): string[] {
  const errs: string[] = [];

  if (value.length > 253) {
    errs.push(maxLen(253));
  }
  if (!DNS1123_SUBDOMAIN_RE.test(value)) {
    errs.push(regexError("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character", DNS1123_SUBDOMAIN_CHARS, 'example.com'));
  }

  return errs;
}

export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];

  if (value.length > 63) {
    errs.push(maxLen(63));
  }
  if (!DNS1123_LABEL_RE.test(value)) {
    errs.push(regexError("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character", DNS1123_LABEL_CHARS, 'my-name', '123-abc'));
  }

  return errs;
}

export function dns1035LabelErrors(value: string): string[] {
  const errs: string[] = [];

  if (value.length > 63) {
    errs.push(maxLen(63));
  }
  if (!DNS1035_LABEL_RE.test(value)) {
    errs.push(regexError("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character", DNS1035_LABEL_CHARS, 'my-name', 'abc-123'));
  }

  return errs;
}

/** `IsQualifiedName`: optional DNS-subdomain prefix and '/', then a name of at most 63 characters. */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;

  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const [prefix] = parts;

    name = parts[1];
    if (!prefix) {
      errs.push('prefix part must be non-empty');
    } else {
      errs.push(...dns1123SubdomainErrors(prefix).map((m) => `prefix part ${ m }`));
    }
  } else {
    return [`${ regexError("a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", QUALIFIED_NAME_CHARS, 'MyName', 'my.name', '123-abc')
    } with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }

  if (!name) {
    errs.push('name part must be non-empty');
  } else if (name.length > 63) {
    errs.push(`name part ${ maxLen(63) }`);
  }
  if (name && !QUALIFIED_NAME_RE.test(name)) {
    errs.push(`name part ${ regexError("must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", QUALIFIED_NAME_CHARS, 'MyName', 'my.name', '123-abc') }`);
  }

  return errs;
}

export function labelValueErrors(value: string): string[] {
  const errs: string[] = [];

  if (value.length > 63) {
    errs.push(maxLen(63));
  }
  if (!LABEL_VALUE_RE.test(value)) {
    errs.push(regexError("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", LABEL_VALUE_CHARS, 'MyValue', 'my_value', '12345'));
  }

  return errs;
}

/** A Go `%q`-like quoting, enough for the strings UIs put in keys and values. */
function quote(v: string): string {
  return JSON.stringify(v);
}

/** Field errors for labels and annotations, as `ValidateObjectMeta` words them. */
export function metadataMapErrors(obj: KubeObject): string[] {
  const causes: string[] = [];
  const labels = obj.metadata.labels || {};
  const annotations = obj.metadata.annotations || {};

  for (const [k, v] of Object.entries(labels)) {
    for (const m of qualifiedNameErrors(k)) {
      causes.push(`metadata.labels: Invalid value: ${ quote(k) }: ${ m }`);
    }
    if (typeof v !== 'string') {
      causes.push(`metadata.labels: Invalid value: ${ JSON.stringify(v) }: label values must be strings`);
      continue;
    }
    for (const m of labelValueErrors(v)) {
      causes.push(`metadata.labels: Invalid value: ${ quote(v) }: ${ m }`);
    }
  }
  let total = 0;

  for (const [k, v] of Object.entries(annotations)) {
    // Annotation keys are checked case-insensitively (Kubernetes lowercases them first).
    for (const m of qualifiedNameErrors(k.toLowerCase())) {
      causes.push(`metadata.annotations: Invalid value: ${ quote(k) }: ${ m }`);
    }
    if (typeof v !== 'string') {
      causes.push(`metadata.annotations: Invalid value: ${ JSON.stringify(v) }: annotation values must be strings`);
    }
    total += k.length + `${ v }`.length;
  }
  if (total > TOTAL_ANNOTATION_BYTES) {
    causes.push(`metadata.annotations: Too long: must have at most ${ TOTAL_ANNOTATION_BYTES } bytes`);
  }

  return causes;
}

/** The name rule each type's API validation applies. */
export type NameRule = 'dns1123-subdomain' | 'dns1123-label' | 'dns1035-label' | 'none';

export function nameRuleFor(typeId: string): NameRule {
  switch (typeId) {
  case 'service':
    return 'dns1035-label';
  case 'namespace':
    return 'dns1123-label';
  case 'count':
  case 'userpreference':
    return 'none';
  default:
    return 'dns1123-subdomain';
  }
}

export function nameErrors(typeId: string, name: string): string[] {
  const rule = nameRuleFor(typeId);
  const errs = rule === 'dns1035-label' ? dns1035LabelErrors(name) : rule === 'dns1123-label' ? dns1123LabelErrors(name) : rule === 'dns1123-subdomain' ? dns1123SubdomainErrors(name) : [];

  return errs.map((m) => `metadata.name: Invalid value: ${ quote(name) }: ${ m }`);
}
