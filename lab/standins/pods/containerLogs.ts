/**
 * A container's log as the kubelet's `/containerLogs/{namespace}/{pod}/{container}` answers it (kubelet
 * pkg/kubelet/kuberuntime/logs: the CRI log file read with PodLogOptions), from the lines the Pod runner keeps in the
 * CRI format (`<RFC 3339 time> <stream> <tag> <text>`): `timestamps` prefixes each line with its time, `tailLines`
 * keeps the last lines, `sinceSeconds`/`sinceTime` the newer ones, `limitBytes` cuts the answer.
 */
export interface LogOptions {
  follow: boolean;
  timestamps: boolean;
  tailLines?: number;
  sinceMs?: number;
  limitBytes?: number;
}

export interface CriLine { time: string; stream: string; text: string }

export function parseCri(line: string): CriLine | null {
  const m = /^(\S+) (stdout|stderr) [FP] (.*)$/.exec(line);

  return m ? {
    time: m[1], stream: m[2], text: m[3]
  } : null;
}

const count = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

/** The query the API server forwards (pods/log's PodLogOptions, as URL parameters). */
export function logOptions(q: URLSearchParams, now = Date.now()): LogOptions {
  const since = count(q.get('sinceSeconds'));
  const sinceTime = q.get('sinceTime') ? Date.parse(q.get('sinceTime') as string) : NaN;

  return {
    follow:     q.get('follow') === 'true',
    timestamps: q.get('timestamps') === 'true',
    tailLines:  count(q.get('tailLines')),
    sinceMs:    since !== undefined ? now - since * 1000 : (Number.isNaN(sinceTime) ? undefined : sinceTime),
    limitBytes: count(q.get('limitBytes')),
  };
}

/** One line as the client gets it. */
export function renderLine(l: CriLine, o: Pick<LogOptions, 'timestamps'>): string {
  return o.timestamps ? `${ l.time } ${ l.text }\n` : `${ l.text }\n`;
}

/** The lines of a log file's text that the options select, rendered. */
export function renderLog(fileText: string, o: LogOptions): string {
  let lines = fileText.split('\n').map(parseCri).filter((l): l is CriLine => !!l);

  if (o.sinceMs !== undefined) {
    lines = lines.filter((l) => Date.parse(l.time) >= (o.sinceMs as number));
  }
  if (o.tailLines !== undefined) {
    lines = o.tailLines === 0 ? [] : lines.slice(-o.tailLines);
  }
  const out = lines.map((l) => renderLine(l, o)).join('');

  return o.limitBytes !== undefined ? Buffer.from(out).subarray(0, o.limitBytes).toString('utf8') : out;
}
