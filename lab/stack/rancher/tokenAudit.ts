/**
 * Issue 37: on a first start Rancher sometimes deletes the admin's login token it has just issued. The local
 * cluster's kube-apiserver keeps an audit log of exactly that (deletes of `tokens` in management.cattle.io and
 * ext.cattle.io, at Metadata level: who, with which user agent, when; never a request body, so never a token's key),
 * and the admin's session prints who deleted the refused token (adminSession.ts). Also the writes of UserAttributes
 * and AuthConfigs: Rancher's provider refresh deletes a user's login tokens without a log line when it finds the user
 * may no longer log in with that provider (pkg/auth/providerrefresh/refresher.go `refreshProvider` →
 * `deleteLoginTokens`), and is triggered by a write of the user's UserAttribute (`NeedsRefresh`), which every sync of
 * an AuthConfig makes for its users (pkg/controllers/management/auth/auth_config.go `refreshUsers`): the writes just
 * before a delete say whether that was the path.
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
- level: Metadata
  verbs: ["create", "update", "patch"]
  resources:
  - group: management.cattle.io
    resources: ["userattributes", "authconfigs"]
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

/** The audit log's events (one JSON event a line; a line that is no JSON is skipped). */
function eventsOf(auditText: string): any[] {
  return auditText.split('\n').filter(Boolean).flatMap((line) => {
    try {
      return [JSON.parse(line)];
    } catch (err) {
      return [];
    }
  });
}

const timeOf = (e: any): string => e.stageTimestamp || e.requestReceivedTimestamp;

/** Who deleted token `name`, from the audit log's text (one JSON event a line): "at <time> by <user> (<agent>)". */
export function deletionsOf(name: string, auditText: string): string[] {
  return eventsOf(auditText).filter((e) => e.objectRef?.name === name || e.verb === 'deletecollection')
    .map((e) => `${ e.verb } at ${ timeOf(e) } by ${ e.user?.username }${ e.impersonatedUser ? ` as ${ e.impersonatedUser.username }` : '' } (${ e.userAgent || 'no user agent' }) → ${ e.responseStatus?.code }`);
}

/** The writes of UserAttributes and AuthConfigs in the `seconds` before `at` (an RFC 3339 time), as deletionsOf. */
export function writesBefore(at: string, auditText: string, seconds = 15): string[] {
  const end = Date.parse(at);

  return eventsOf(auditText).filter((e) => ['userattributes', 'authconfigs'].includes(e.objectRef?.resource) && Date.parse(timeOf(e)) <= end && Date.parse(timeOf(e)) >= end - seconds * 1000)
    .map((e) => `${ e.verb } ${ e.objectRef.resource }/${ e.objectRef.name } at ${ timeOf(e) } by ${ e.user?.username } → ${ e.responseStatus?.code }`);
}

/** The writes before the first delete of token `name` in this stack's audit log. */
export function writesBeforeDeletion(name: string): string[] {
  try {
    const text = fs.readFileSync(tokenAuditLog(), 'utf8');
    const first = eventsOf(text).find((e) => e.verb === 'delete' && e.objectRef?.name === name);

    return first ? writesBefore(timeOf(first), text) : [];
  } catch (e) {
    return [];
  }
}

/** The same, read from this stack's audit log; empty when there is none. */
export function tokenDeletions(name: string): string[] {
  try {
    return deletionsOf(name, fs.readFileSync(tokenAuditLog(), 'utf8'));
  } catch (e) {
    return [];
  }
}
