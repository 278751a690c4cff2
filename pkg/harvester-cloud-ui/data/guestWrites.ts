/** Writes to the current (guest) cluster: plain requests, a refusal reaching the form as it came (failure.ts). */
import { StoreLike, request, typeUrl } from './store';

export function guestCreate<T = unknown>(store: StoreLike, type: string, body: unknown): Promise<T> {
  return request(store, 'cluster', {
    url: typeUrl(store, type), method: 'POST', data: body
  });
}

/** `urlFor` with the id: the store puts its query (`?exclude=…`) after the path, so the id goes in first. */
export function guestDelete(store: StoreLike, type: string, id: string): Promise<unknown> {
  return request(store, 'cluster', { url: typeUrl(store, type, id), method: 'DELETE' });
}
