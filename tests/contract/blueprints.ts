/**
 * Real Rancher responses recorded by Rancher's own e2e suite (@rancher/cypress, `e2e/blueprints`), read without
 * Cypress: each blueprint module registers its body with `cy.intercept(method, url, reply(status, body))`, so a
 * stand-in `cy` captures what it would have answered.
 */
import fs from 'node:fs';
import path from 'node:path';

export const CYPRESS_ROOT = path.dirname(require.resolve('@rancher/cypress/package.json'));
const BLUEPRINTS = path.join(CYPRESS_ROOT, 'e2e/blueprints');

/**
 * blueprint.utils.js puts 999999999 (a number) in place of every recorded revision and resourceVersion, so
 * recordings stay valid for any watch; Rancher sends strings. Put them back as strings.
 */
const SAFE_REVISION = 999999999;

/** What `Cypress.env('api')` gives the blueprints: the Rancher the e2e suite was pointed at. */
export const RECORDING_API = 'https://localhost:8005';

function restoreRevisions(v: any): any {
  if (Array.isArray(v)) {
    return v.map(restoreRevisions);
  }
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, (k === 'revision' || k === 'resourceVersion') && x === SAFE_REVISION ? `${ SAFE_REVISION }` : restoreRevisions(x)]));
  }

  return v;
}

export interface Recorded {
  /** The blueprint file and function it came from, for messages. */
  source: string;
  method: string;
  url: string;
  status: number;
  body: any;
}

/** Calls a blueprint's exported function and returns the response it would have stubbed. */
export function recorded(file: string, fn: string, ...args: unknown[]): Recorded {
  const g = globalThis as any;
  let captured: Recorded | undefined;

  // Cypress.env: `api` is the Rancher the suite runs against (some blueprints build their links from it);
  // VAI_ENABLED unset, so revisions are recorded as CYPRESS_SAFE_RESOURCE_REVISION.
  g.Cypress = g.Cypress || { env: (key: string) => (key === 'api' ? RECORDING_API : undefined) };
  g.cy = {
    intercept: (method: string, url: string, handler: (req: any) => void) => {
      handler({
        reply: ({ statusCode, body }: { statusCode: number; body: unknown }) => {
          captured = {
            source: `${ file }#${ fn }`, method, url, status: statusCode, body: restoreRevisions(JSON.parse(JSON.stringify(body)))
          };
        }
      });

      return { as: () => undefined };
    },
  };
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const mod = require(path.join(BLUEPRINTS, `${ file }.js`));

  mod[fn](...args);
  if (!captured) {
    throw new Error(`${ file }#${ fn } stubbed no response`);
  }

  return captured;
}

/** A blueprint that is a plain value (a schema generator's result). */
export function recordedValue(file: string, fn: string, ...args: unknown[]): any {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const mod = require(path.join(BLUEPRINTS, `${ file }.js`));

  return restoreRevisions(JSON.parse(JSON.stringify(typeof mod[fn] === 'function' ? mod[fn](...args) : mod[fn])));
}

/**
 * An object literal a Rancher e2e spec answers with (`const <name> = { … };`), for bodies no blueprint holds
 * (error bodies). Evaluated as the literal it is.
 */
export function specLiteral(specFile: string, name: string): any {
  const src = fs.readFileSync(path.join(CYPRESS_ROOT, 'e2e/tests', specFile), 'utf8');
  const m = src.match(new RegExp(`const ${ name } = (\\{[\\s\\S]*?\\n\\s*\\});`));

  if (!m) {
    throw new Error(`no ${ name } in ${ specFile }`);
  }

  // eslint-disable-next-line no-new-func
  return new Function(`return (${ m[1] });`)();
}
