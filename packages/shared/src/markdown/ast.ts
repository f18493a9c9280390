/**
 * The tree of a message's content (docs/message-format.md): what `parseMarkdown` makes of the text
 * and what the web client renders, element by element (never as HTML). Text is kept as text: no
 * node carries markup, and a link's `href` is a checked http(s) URL.
 */

export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em' | 'underline' | 'strike' | 'spoiler'; children: InlineNode[] }
  /** Inline code: never parsed further. */
  | { type: 'code'; text: string }
  /**
   * A link to an http(s) URL (`href` as the URL parser normalised it): a plain URL auto-linked
   * (`masked` false, `children` the URL's text) or `[text](url)` (`masked` true).
   */
  | { type: 'link'; href: string; masked: boolean; children: InlineNode[] }
  | { type: 'userMention' | 'roleMention' | 'channelMention'; id: string }
  | { type: 'everyone' | 'here' }
  /** A team emoji written `<:name:id>` (api/emojis.ts): shown as the image at customEmojiPath(id), named `:name:`. */
  | { type: 'customEmoji'; id: string; name: string };

export interface ListItem {
  children: InlineNode[];
  /** Items indented under this one. */
  sublist: ListBlock | null;
}

export interface ListBlock {
  type: 'list';
  ordered: boolean;
  /** The first number of an ordered list. */
  start: number;
  items: ListItem[];
}

export type BlockNode =
  /** Lines of text; line breaks stay in the text nodes. */
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'heading'; level: 1 | 2 | 3; children: InlineNode[] }
  | { type: 'quote'; children: BlockNode[] }
  | ListBlock
  /** A fenced code block: `lang` as written after the opening fence (lower case), the code never parsed. */
  | { type: 'codeBlock'; lang: string | null; text: string };
