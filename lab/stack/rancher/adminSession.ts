/**
 * The admin's session during Rancher's first-login steps: a login with whichever of the passwords Rancher takes at
 * that moment (the bootstrap password until it is changed, the demo's after), repeated when Rancher refuses the
 * token it issued (see rancherRetry). A refusal is said once on the console with what the local cluster holds of
 * that token (its name and the status of a read: never its key) and who deleted it (the local cluster's audit log,
 * tokenAudit.ts), so a CI log says which client did.
 */
import { KubeTarget, kubeRequest } from '../../core/kubeClient';
import { USERS } from '../../simulator/rancher/users';
import { loginToken, TokenLogin } from './rancherApi';
import { tokenDeletions, writesBeforeDeletion } from './tokenAudit';

export function adminSession(local: KubeTarget, passwords: string[]): TokenLogin {
  let current: string | undefined;
  let refusals = 0;

  return {
    async token() {
      if (current) {
        return current;
      }
      for (const password of passwords) {
        // A password Rancher does not take (any more) is refused: the next one is tried.
        current = await loginToken(USERS.admin.name, password).catch(() => undefined);
        if (current) {
          return current;
        }
      }
      throw new Error('Rancher took none of the admin\'s passwords');
    },
    refused() {
      const name = current?.split(':')[0];

      current = undefined;
      if (refusals++ === 0 && name) {
        kubeRequest(local, 'GET', `/apis/management.cattle.io/v3/tokens/${ name }`).then((r) => {
          const deleted = tokenDeletions(name);
          const before = writesBeforeDeletion(name);

          console.log(`[rancher] Rancher refused the admin's new token (401): the local cluster answers ${ r.status } for ${ name }; deleted: ${ deleted.length ? deleted.join('; ') : 'no delete in the audit log' }; in the 15 s before: ${ before.length ? before.join('; ') : 'no write of a UserAttribute or AuthConfig' }; logging in again`);
        }, () => undefined);
      }
    }
  };
}
