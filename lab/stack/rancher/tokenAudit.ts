/**
 * Issue 37: on a first start Rancher sometimes deletes the admin's login token it has just issued. The local
 * cluster's kube-apiserver keeps an audit log of exactly that (deletes of `tokens` in management.cattle.io and
 * ext.cattle.io, at Metadata level: who, with which user agent, when; never a request body, so never a token's key),
 * and the admin's session prints who deleted the refused token (adminSession.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { logFile, RUN_DIR } from '../../core/paths';

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
- level: Metadata
  verbs: ["delete", "deletecollection"]
  resources:
  - group: management.cattle.io
    resources: ["tokens"]
  - group: ext.cattle.io
    resources: ["tokens"]
- level: None
`;

export const tokenAuditLog = () => logFile('local-token-audit');

/** The local kube-apiserver's flags for the audit log (its policy written beside the front-proxy certificates). */
export function tokenAuditArgs(): string[] {
  const policy = path.join(RUN_DIR, 'local', 'token-audit-policy.yaml');

  fs.mkdirSync(path.dirname(policy), { recursive: true, mode: 0o700 });
  fs.writeFileSync(policy, POLICY, { mode: 0o600 });

  return [`--audit-policy-file=${ policy }`, `--audit-log-path=${ tokenAuditLog() }`, '--audit-log-format=json', '--audit-log-maxbackup=1'];
}

/** Who deleted token `name`, from the audit log's text (one JSON event a line): "at <time> by <user> (<agent>)". */
export function deletionsOf(name: string, auditText: string): string[] {
  return auditText.split('\n').filter(Boolean).flatMap((line) => {
    try {
      const e = JSON.parse(line);

      if (e.objectRef?.name !== name && e.verb !== 'deletecollection') {
        return [];
      }

      return [`${ e.verb } at ${ e.stageTimestamp || e.requestReceivedTimestamp } by ${ e.user?.username }${ e.impersonatedUser ? ` as ${ e.impersonatedUser.username }` : '' } (${ e.userAgent || 'no user agent' }) → ${ e.responseStatus?.code }`];
    } catch (err) {
      return [];
    }
  });
}

/** The same, read from this stack's audit log; empty when there is none. */
export function tokenDeletions(name: string): string[] {
  try {
    return deletionsOf(name, fs.readFileSync(tokenAuditLog(), 'utf8'));
  } catch (e) {
    return [];
  }
}
