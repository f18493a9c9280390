/** URLs in messages (spec 001 §2 internal prefixes, §5 Links): which become links, and which stay inside Rally. */

/** The longest URL made into a link; a longer one stays text. */
export const URL_MAX = 2048;

/**
 * An http(s) URL as a link may point to it, normalised by the URL parser (`href`), or null: another
 * scheme (javascript:, data:, file: …), no host, user credentials (`https://bank.example@evil.example`
 * reads as the bank), control or space characters, or longer than URL_MAX. An invalid URL stays plain
 * text (001 §2).
 */
export function parseHttpUrl(raw: string): URL | null {
  if (raw.length === 0 || raw.length > URL_MAX) return null;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url;
}

/**
 * Paths of Rally that a link on Rally's own origin opens in the app (001 §2: /teams/, /,
 * /discover/teams, /me/friends, /me/applications, /me/subscriptions; and the screens built since
 * that links point to: direct messages, invites, friend invites, the Plus page). Anything else —
 * another origin, or one of our API paths — is external and asks for confirmation.
 */
const INTERNAL_PREFIXES = ['/teams/', '/discover/teams', '/me/friends', '/me/applications', '/me/subscription', '/chat', '/invite/', '/friendinvite'];

/** The in-app path (path, query and hash) of a link to Rally itself, or null for an external link. */
export function internalPath(url: URL, origin: string): string | null {
  if (url.origin !== origin) return null;
  const path = url.pathname;
  const inApp = path === '/' || INTERNAL_PREFIXES.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p || path.startsWith(`${p}/`)));
  return inApp ? `${path}${url.search}${url.hash}` : null;
}

/**
 * The image proxy's path (GET, `?url=` an https image URL): embed images are shown through it. A
 * binary answer beside /uploads, outside the JSON API (whose routes are all endpoint objects).
 */
export const IMAGE_PROXY_PATH = '/media/image-proxy';

/** The proxied address of an https image, or null for any other URL. */
export function proxiedImage(raw: string): string | null {
  const url = parseHttpUrl(raw);
  return url?.protocol === 'https:' ? `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url.href)}` : null;
}
