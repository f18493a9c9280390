import type { BlockNode, InlineNode } from './ast';
import { parseMarkdown } from './parse';

/** Names for the mentions of a message, when the caller knows them (null: a generic name). */
export interface PlainTextNames {
  user?: (id: string) => string | null | undefined;
  role?: (id: string) => string | null | undefined;
  channel?: (id: string) => string | null | undefined;
}

/** What a spoiler shows in plain text: its length is not told either. */
export const PLAIN_SPOILER = '▮▮▮▮';

function inlineText(nodes: readonly InlineNode[], names: PlainTextNames): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text;
        case 'strong':
        case 'em':
        case 'underline':
        case 'strike':
        case 'link':
          return inlineText(node.children, names);
        case 'spoiler':
          return PLAIN_SPOILER;
        case 'userMention':
          return `@${names.user?.(node.id) ?? 'user'}`;
        case 'roleMention':
          return `@${names.role?.(node.id) ?? 'role'}`;
        case 'channelMention':
          return `#${names.channel?.(node.id) ?? 'channel'}`;
        case 'everyone':
          return '@everyone';
        case 'here':
          return '@here';
        case 'customEmoji':
          return `:${node.name}:`;
      }
    })
    .join('');
}

function blockText(block: BlockNode, names: PlainTextNames): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(block.children, names);
    case 'quote':
      return block.children.map((b) => blockText(b, names)).join(' ');
    case 'list':
      return block.items.map((item) => [inlineText(item.children, names), item.sublist ? blockText(item.sublist, names) : ''].join(' ')).join(' ');
    case 'codeBlock':
      return block.text;
  }
}

/**
 * A message's content as one line of plain text, for previews and desktop notifications: the
 * markup gone (`**Hi**` → `Hi`), mentions as `@name` / `#name`, team emoji as `:name:`, spoilers
 * hidden, line breaks and runs of spaces as one space.
 */
export function toPlainText(content: string, names: PlainTextNames = {}): string {
  return parseMarkdown(content)
    .map((block) => blockText(block, names))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
