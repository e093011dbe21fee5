import type { Middleware } from 'openapi-fetch';

/** A credential a page keeps for its tab (sessionStorage): it ends with the tab. */
export interface StoredCredential {
  get(): string | null;
  clear(): void;
}

/**
 * Sends the stored credential with every request as `Authorization: <scheme> <credential>`; a 401 means it is wrong
 * or ended (expired, changed, signed out elsewhere): it is forgotten.
 */
export function storedCredentialAuth(credential: StoredCredential, scheme: 'Basic' | 'Bearer'): Middleware {
  return {
    onRequest({ request }) {
      const value = credential.get();
      if (value) request.headers.set('authorization', `${scheme} ${value}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) credential.clear();
      return response;
    },
  };
}
