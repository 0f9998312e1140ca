import { identity } from '@sais/events';
import { api } from '../../app/api';

export const tokenScopes = identity.tokenScopes;
export type TokenScope = identity.TokenScope;

/** One of my tokens as GET /user/tokens/list answers it (`identity.responses.accessToken`). */
export type AccessToken = identity.responses.AccessToken;

/** GET /user/tokens/list: my personal access tokens, never their secrets (decision 0019). */
export function listTokens() {
  return api.request<AccessToken[]>('/user/tokens/list');
}

/** POST /user/tokens/create: the answer holds the secret, shown once. */
export function createToken(values: identity.requests.CreateToken) {
  return api.request<AccessToken & { token: string }>('/user/tokens/create', {
    method: 'POST',
    data: values,
  });
}

/** POST /user/tokens/revoke. */
export function revokeToken(tokenId: string) {
  return api.request<null>('/user/tokens/revoke', {
    method: 'POST',
    data: { tokenId } satisfies identity.requests.RevokeToken,
  });
}
