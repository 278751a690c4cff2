/** A handler's JSON answer, 200 unless told otherwise: Steve's, Norman's, Rancher's own endpoints' and `/__sim`'s. */
import { SimResponse } from './types';

const JSON_HEADERS = { 'content-type': 'application/json' };

export function ok(body: unknown, status = 200): SimResponse {
  return {
    status, headers: { ...JSON_HEADERS }, body
  };
}
