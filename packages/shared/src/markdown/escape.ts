/**
 * `text` as message content that renders as exactly that text: every ASCII punctuation character
 * (what the format gives meaning to: `*`, `_`, `~`, `|`, `` ` ``, `<`, `#`, `>`, `-`, …) gets a
 * backslash, which the parser drops (docs/message-format.md, escapes). For names put into
 * messages the server writes.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/g, '\\$&');
}
