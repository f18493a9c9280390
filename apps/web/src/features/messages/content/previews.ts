import type { BlockNode } from '@rally/shared/markdown/ast';
import { internalPath, parseHttpUrl } from '@rally/shared/markdown/links';
import { visitInline } from '@rally/shared/markdown/walk';

/** Previews one message shows at most (spec 001 §9): message links, invite (or template) links. */
export const PREVIEW_LIMITS = { messageLinks: 3, invites: 5 } as const;

export interface MessageLinkTarget {
  channelId: string;
  messageId: string;
  /** The in-app path the link opens. */
  path: string;
}

export interface LinkPreviews {
  messages: MessageLinkTarget[];
  invites: string[];
}

const isId = (s: string | undefined): s is string => s !== undefined && /^\d{1,20}$/.test(s);
const isInviteCode = (s: string | undefined): s is string => s !== undefined && /^[\w-]{1,64}$/.test(s);

/**
 * The previews a message's links ask for, in text order, each once, within PREVIEW_LIMITS: links to
 * a message of Rally (`/teams/{t}/channels/{c}?messageId={m}`, `/chat/{dm}?messageId={m}`) and
 * invite links (`/invite/{code}`). Links inside spoilers are not previewed (that would reveal them).
 */
export function linkPreviews(blocks: readonly BlockNode[], origin: string): LinkPreviews {
  const messages: MessageLinkTarget[] = [];
  const invites: string[] = [];
  const visit = (href: string) => {
    const url = parseHttpUrl(href);
    const path = url && internalPath(url, origin);
    if (!url || path === null) return;
    const parts = url.pathname.split('/');
    const messageId = url.searchParams.get('messageId') ?? undefined;
    const channelId = parts[1] === 'teams' && parts[3] === 'channels' ? parts[4] : parts[1] === 'chat' ? parts[2] : undefined;
    if (isId(channelId) && isId(messageId)) {
      if (messages.length < PREVIEW_LIMITS.messageLinks && !messages.some((m) => m.messageId === messageId)) messages.push({ channelId, messageId, path });
    } else if (parts[1] === 'invite' && isInviteCode(parts[2]) && parts.length === 3) {
      if (invites.length < PREVIEW_LIMITS.invites && !invites.includes(parts[2])) invites.push(parts[2]);
    }
  };
  visitInline(blocks, (n) => {
    if (n.type === 'link') visit(n.href);
    return n.type !== 'link' && n.type !== 'spoiler';
  });
  return { messages, invites };
}
