/** The friend-invite page's path (spec 000 §2 /friendinvite?code=). */
export const FRIEND_INVITE_PATH = '/friendinvite';

/** The code of a /friendinvite?code= link, trimmed ('' when absent). */
export function friendInviteCodeOf(params: URLSearchParams): string {
  return (params.get('code') ?? '').trim();
}

/** The link that shares a code. */
export function friendInviteLink(origin: string, code: string): string {
  return `${origin}${FRIEND_INVITE_PATH}?code=${encodeURIComponent(code)}`;
}
