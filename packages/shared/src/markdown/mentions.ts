import type { BlockNode } from './ast';
import { visitInline } from './walk';

/** The mention syntax a message's text holds (outside code), each id once, in order of appearance. */
export interface MentionSyntax {
  users: string[];
  roles: string[];
  channels: string[];
  everyone: boolean;
  here: boolean;
}

/** What `blocks` mention: `<@id>`, `<@&id>`, `<#id>`, @everyone, @here (not in code, not in a link's text). */
export function collectMentions(blocks: readonly BlockNode[]): MentionSyntax {
  const users = new Set<string>();
  const roles = new Set<string>();
  const channels = new Set<string>();
  const found = { everyone: false, here: false };
  visitInline(blocks, (n) => {
    if (n.type === 'userMention') users.add(n.id);
    else if (n.type === 'roleMention') roles.add(n.id);
    else if (n.type === 'channelMention') channels.add(n.id);
    else if (n.type === 'everyone' || n.type === 'here') found[n.type] = true;
    return true;
  });
  return { users: [...users], roles: [...roles], channels: [...channels], ...found };
}
