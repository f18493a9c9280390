import type { BlockNode, InlineNode, ListBlock } from './ast';

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
  const inline = (nodes: readonly InlineNode[]) => {
    for (const n of nodes) {
      if (n.type === 'userMention') users.add(n.id);
      else if (n.type === 'roleMention') roles.add(n.id);
      else if (n.type === 'channelMention') channels.add(n.id);
      else if (n.type === 'everyone' || n.type === 'here') found[n.type] = true;
      else if ('children' in n) inline(n.children);
    }
  };
  const list = (l: ListBlock) => {
    for (const item of l.items) {
      inline(item.children);
      if (item.sublist) list(item.sublist);
    }
  };
  const block = (nodes: readonly BlockNode[]) => {
    for (const b of nodes) {
      if (b.type === 'list') list(b);
      else if (b.type === 'quote') block(b.children);
      else if (b.type !== 'codeBlock') inline(b.children);
    }
  };
  block(blocks);
  return { users: [...users], roles: [...roles], channels: [...channels], ...found };
}
