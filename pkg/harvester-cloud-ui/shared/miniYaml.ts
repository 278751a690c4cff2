/**
 * A reader for the block YAML a kubeconfig is written in (client-go `clientcmd` encodes it so; kubectl and Rancher
 * write the same shape), or JSON: maps, sequences (also at the indent of their key, as clientcmd writes them),
 * plain and quoted scalars, `|`/`>` blocks, empty `{}`/`[]`, comments. No anchors, tags or flow collections with
 * content: those read as text. A library would cost the overview's budget for the three fields it reads.
 */
export type YamlValue = string | null | YamlValue[] | { [key: string]: YamlValue };

interface Line {
  indent: number;
  text: string;
}

const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s"'#][^:]*?):(?:\s+(.*))?$/;

function stripComment(raw: string): string {
  // A `#` starts a comment at the line's start or after a space, outside quotes.
  let quote = '';

  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];

    if (quote) {
      quote = c === quote ? '' : quote;
    } else if (c === '"' || c === '\'') {
      quote = c;
    } else if (c === '#' && (i === 0 || raw[i - 1] === ' ')) {
      return raw.slice(0, i);
    }
  }

  return raw;
}

function scalar(text: string): YamlValue {
  const t = text.trim();

  if (t.startsWith('"')) {
    try {
      return JSON.parse(t);
    } catch (e) {
      return t.slice(1, -1);
    }
  }
  if (t.startsWith('\'')) {
    return t.slice(1, -1).replace(/''/g, '\'');
  }
  if (t === '{}') {
    return {};
  }
  if (t === '[]') {
    return [];
  }

  return t === '~' || t === 'null' ? null : t;
}

export function parseYaml(src: string): YamlValue {
  const body = src.trim();

  if (body.startsWith('{')) {
    try {
      return JSON.parse(body);
    } catch (e) {
      return null;
    }
  }
  const raw = src.split(/\r?\n/);
  const lines: Line[] = [];

  for (let r = 0; r < raw.length; r++) {
    const text = stripComment(raw[r]).trimEnd();
    const trimmed = text.trim();

    if (!trimmed || trimmed === '---') {
      continue;
    }
    lines.push({ indent: text.length - text.trimStart().length, text: trimmed });
    // A `|` or `>` block: its more-indented lines are text, whatever they look like.
    if (/:\s+[|>][-+]?$/.test(trimmed)) {
      const block: string[] = [];

      while (r + 1 < raw.length && (!raw[r + 1].trim() || raw[r + 1].length - raw[r + 1].trimStart().length > lines[lines.length - 1].indent)) {
        block.push(raw[++r].trim());
      }
      lines[lines.length - 1].text = trimmed.replace(/[|>][-+]?$/, JSON.stringify(block.join('\n').trim()));
    }
  }
  let i = 0;
  const isItem = (l: Line) => l.text === '-' || l.text.startsWith('- ');

  function node(): YamlValue {
    return i >= lines.length ? null : isItem(lines[i]) ? seq(lines[i].indent) : map(lines[i].indent);
  }

  function seq(indent: number): YamlValue[] {
    const out: YamlValue[] = [];

    while (i < lines.length && lines[i].indent === indent && isItem(lines[i])) {
      const rest = lines[i].text.slice(1).trimStart();

      if (!rest) {
        i++;
        out.push(i < lines.length && lines[i].indent > indent ? node() : null);
      } else if (KEY.test(rest)) {
        // The item's first key sits at the column after `- `; its other keys follow at that column.
        lines[i] = { indent: indent + lines[i].text.length - rest.length, text: rest };
        out.push(map(lines[i].indent));
      } else {
        out.push(scalar(rest));
        i++;
      }
    }

    return out;
  }

  function map(indent: number): YamlValue {
    const out: Record<string, YamlValue> = {};

    while (i < lines.length && lines[i].indent === indent && !isItem(lines[i])) {
      const m = KEY.exec(lines[i].text);

      i++;
      if (!m) {
        continue;
      }
      const key = `${ scalar(m[1]) }`;
      const next = lines[i];

      if (m[2] !== undefined && m[2] !== '') {
        out[key] = scalar(m[2]);
      } else if (next && (next.indent > indent || (next.indent === indent && isItem(next)))) {
        out[key] = node();
      } else {
        out[key] = null;
      }
    }

    return out;
  }

  return node();
}
