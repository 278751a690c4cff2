import { qualifiedResource, TypeDef } from './registry';
import { SimResponse, Verb, SimUser } from './types';

/** Steve's error codes, named after the Kubernetes status reasons they carry. */
export type ErrorCode = 'Conflict' | 'Forbidden' | 'Invalid' | 'NotFound' | 'Unauthorized' | 'AlreadyExists' | 'BadRequest' | 'MethodNotAllowed' | 'ServerError' | 'ServiceUnavailable' | 'PermissionDenied'
  // wrangler pkg/schemas/validation/error.go: a 422 of apiserver's own (Steve's refused sort/filter columns).
  | 'InvalidBodyContent'
  // Rancher's cluster proxy when the cluster's connection closes unanswered (injected by the flows' faults).
  | 'BadGateway';

export interface SteveError {
  type: 'error';
  links: Record<string, string>;
  status: number;
  code: ErrorCode;
  message: string;
}

export function errorBody(status: number, code: ErrorCode, message: string): SteveError {
  // apiserver pkg/handlers/error.go toError, written as a RawResource, whose `links` map is always present.
  return {
    type: 'error', links: {}, status, code, message
  };
}

export function errorResponse(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): SimResponse {
  return {
    status, headers: { 'content-type': 'application/json', ...headers }, body: errorBody(status, code, message)
  };
}

function named(t: TypeDef, name?: string): string {
  return name ? `${ qualifiedResource(t) } "${ name }"` : qualifiedResource(t);
}

export function notFound(t: TypeDef | undefined, name?: string): SimResponse {
  return errorResponse(404, 'NotFound', t ? `${ named(t, name) } not found` : '404 page not found');
}

/** The message Kubernetes' RBAC authorizer gives, wrapped as the API server does. */
export function forbidden(user: SimUser, t: TypeDef, verb: Verb, namespace?: string, name?: string): SimResponse {
  const scope = namespace ? `in the namespace "${ namespace }"` : 'at the cluster scope';

  return errorResponse(403, 'Forbidden',
    `${ named(t, name) } is forbidden: User "${ user.id }" cannot ${ verb } resource "${ t.resource }" in API group "${ t.group }" ${ scope }`);
}

/**
 * A non-member reaching a downstream cluster through Rancher's proxy: Rancher answers a bodiless 401 (rancher
 * pkg/api/steve/proxy/proxy.go Handler.ServeHTTP, userCanAccessCluster), measured on 2.13.8 and 2.15.0 by the
 * management differential. Not a logout: the extension sends these requests with `redirectUnauthorized: false`.
 */
export function clusterForbidden(_user: SimUser, _clusterId: string): SimResponse {
  return {
    status: 401, headers: { 'x-api-cattle-auth': 'true' }, body: undefined
  };
}

export function conflict(t: TypeDef, name: string): SimResponse {
  return errorResponse(409, 'Conflict',
    `Operation cannot be fulfilled on ${ named(t, name) }: the object has been modified; please apply your changes to the latest version and try again`);
}

export function alreadyExists(t: TypeDef, name: string): SimResponse {
  return errorResponse(409, 'AlreadyExists', `${ named(t, name) } already exists`);
}

/** Kubernetes' "is invalid" status: one cause as is, several in brackets. */
export function invalid(t: TypeDef, name: string, causes: string[]): SimResponse {
  const detail = causes.length === 1 ? causes[0] : `[${ causes.join(', ') }]`;

  // Kubernetes' NewInvalid names the qualified kind: `StorageClass.storage.k8s.io "x" is invalid`, `Service "x" …`.
  const kind = t.group && !t.virtual ? `${ t.kind }.${ t.group }` : t.kind;

  return errorResponse(422, 'Invalid', `${ kind } "${ name }" is invalid: ${ detail }`);
}

export function unauthorized(): SimResponse {
  return errorResponse(401, 'Unauthorized', 'must authenticate');
}

export function badRequest(message: string): SimResponse {
  return errorResponse(400, 'BadRequest', message);
}

export function methodNotAllowed(method: string): SimResponse {
  return errorResponse(405, 'MethodNotAllowed', `Method ${ method } not supported`);
}
