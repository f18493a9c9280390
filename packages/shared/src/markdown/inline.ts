import type { InlineNode } from './ast';
import { customEmojiAt } from './custom-emoji';
import { parseHttpUrl } from './links';

/** What the inline parser may make of a piece of text. */
export interface InlineOptions {
  /** Turn plain http(s) URLs into links (off when the message holds a masked link: 001 §5 Links). */
  autolink: boolean;
  /** `[text](url)` links (not inside a link's own text). */
  maskedLinks: boolean;
  /** Mentions and @everyone / @here (not inside a link's text). */
  mentions: boolean;
}

/** Formatting nests at most this deep; deeper markers stay text (bounds the work and the tree). */
const MAX_DEPTH = 8;
/** A masked link's text is at most this long. */
const LINK_TEXT_MAX = 256;
/** Ids of mentions: decimal snowflakes. */
const ID_MAX_DIGITS = 20;

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r';
function isWordChar(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || c === '_' || code > 127;
}
/** ASCII punctuation: what a backslash escapes. */
function isPunctuation(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

/** Length of the run of `c` starting at `i`. */
function runLength(s: string, i: number, c: string): number {
  let j = i;
  while (s[j] === c) j++;
  return j - i;
}

/** The end (exclusive) of the code span opening at `i` (a run of backticks), or -1 when it is not closed. */
function codeSpanEnd(s: string, i: number): number {
  const n = runLength(s, i, '`');
  let j = i + n;
  while (j < s.length) {
    if (s[j] === '`') {
      const m = runLength(s, j, '`');
      if (m === n) return j + m;
      j += m;
    } else j++;
  }
  return -1;
}

interface Delimiter {
  marker: string;
  type: 'strong' | 'em' | 'underline' | 'strike' | 'spoiler';
  /** May the marker at `i` open (before searching a closer)? */
  canOpen: (s: string, i: number) => boolean;
  /** Is the marker at `j` a closer for one opened before? */
  canClose: (s: string, j: number) => boolean;
}

const DELIMITERS: Delimiter[] = [
  { marker: '||', type: 'spoiler', canOpen: () => true, canClose: () => true },
  { marker: '**', type: 'strong', canOpen: (s, i) => !isSpace(s[i + 2]), canClose: (s, j) => !isSpace(s[j - 1]) },
  { marker: '__', type: 'underline', canOpen: (s, i) => !isSpace(s[i + 2]), canClose: (s, j) => !isSpace(s[j - 1]) },
  { marker: '~~', type: 'strike', canOpen: () => true, canClose: () => true },
  {
    marker: '*',
    type: 'em',
    canOpen: (s, i) => !isSpace(s[i + 1]) && s[i + 1] !== '*',
    canClose: (s, j) => !isSpace(s[j - 1]) && s[j - 1] !== '*' && s[j + 1] !== '*',
  },
  {
    marker: '_',
    type: 'em',
    // snake_case_words stay as they are: an underscore opens and closes only at a word's edge.
    canOpen: (s, i) => !isWordChar(s[i - 1]) && !isSpace(s[i + 1]) && s[i + 1] !== '_',
    canClose: (s, j) => !isWordChar(s[j + 1]) && !isSpace(s[j - 1]) && s[j - 1] !== '_',
  },
];

/** The mention syntax `<@id>`, `<@!id>`, `<@&id>`, `<#id>` at `i`: the node and its end, or null. */
function mentionAt(s: string, i: number): { node: InlineNode; end: number } | null {
  let j = i + 1;
  let type: 'userMention' | 'roleMention' | 'channelMention';
  if (s[j] === '#') {
    type = 'channelMention';
    j++;
  } else if (s[j] === '@') {
    j++;
    if (s[j] === '&') {
      type = 'roleMention';
      j++;
    } else {
      type = 'userMention';
      if (s[j] === '!') j++;
    }
  } else return null;
  const start = j;
  while (isDigit(s[j]) && j - start <= ID_MAX_DIGITS) j++;
  if (j === start || j - start > ID_MAX_DIGITS || s[j] !== '>') return null;
  return { node: { type, id: s.slice(start, j) }, end: j + 1 };
}

/** Characters trimmed from the end of a plain URL (sentence punctuation, formatting markers). */
const URL_TRAILING = new Set(['.', ',', ':', ';', '!', '?', "'", '"', '*', '_', '~', '|']);

/** A plain URL at `i` (http:// or https://): its text and end, or null. */
function urlAt(s: string, i: number): { url: URL; text: string; end: number } | null {
  const head = s.slice(i, i + 8).toLowerCase();
  if (!head.startsWith('http://') && !head.startsWith('https://')) return null;
  let j = i;
  while (j < s.length && s.charCodeAt(j) > 0x20 && s[j] !== '<' && s[j] !== '>' && s[j] !== '`') j++;
  let end = j;
  for (;;) {
    const last = s[end - 1];
    if (last !== undefined && URL_TRAILING.has(last)) end--;
    else if (last === ')' && count(s, i, end, '(') < count(s, i, end, ')')) end--;
    else break;
  }
  const text = s.slice(i, end);
  const url = parseHttpUrl(text);
  return url ? { url, text, end } : null;
}

function count(s: string, from: number, to: number, c: string): number {
  let n = 0;
  for (let k = from; k < to; k++) if (s[k] === c) n++;
  return n;
}

/**
 * The inline nodes of `s`: code spans first (their text is never parsed), backslash escapes,
 * spoilers, bold, underline, strike, italics, team emoji (`<:name:id>`, also in a link's text),
 * mentions, @everyone / @here, masked and plain links.
 * Linear in practice: each search for a closing marker that fails is remembered, so that a text
 * full of unclosed markers is not scanned again for each one.
 */
export function parseInline(s: string, options: InlineOptions, depth = 0): InlineNode[] {
  const out: InlineNode[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ type: 'text', text: buf });
    buf = '';
  };
  const push = (node: InlineNode) => {
    flush();
    out.push(node);
  };
  /** Per marker: from this position on, no closer exists (a failed search). */
  const noCloserFrom = new Map<string, number>();

  const findCloser = (d: Delimiter, from: number): number => {
    const known = noCloserFrom.get(d.marker);
    if (known !== undefined && from >= known) return -1;
    let j = from;
    while (j < s.length) {
      const c = s[j];
      if (c === '\\' && isPunctuation(s[j + 1])) {
        j += 2;
        continue;
      }
      if (c === '`') {
        const end = codeSpanEnd(s, j);
        j = end === -1 ? j + runLength(s, j, '`') : end;
        continue;
      }
      // An emoji's name may hold underscores: none of them closes a marker opened before it.
      const emoji = c === '<' ? customEmojiAt(s, j) : null;
      if (emoji) {
        j = emoji.end;
        continue;
      }
      if (s.startsWith(d.marker, j) && j > from && d.canClose(s, j)) {
        // `***x***`: a two-character marker closes at the end of the run, leaving `*x*` inside.
        const run = d.marker.length === 2 ? runLength(s, j, d.marker[0]!) : d.marker.length;
        return j + run - d.marker.length;
      }
      j++;
    }
    noCloserFrom.set(d.marker, from);
    return -1;
  };

  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\' && isPunctuation(s[i + 1])) {
      buf += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = codeSpanEnd(s, i);
      const n = runLength(s, i, '`');
      if (end === -1) {
        buf += s.slice(i, i + n);
        i += n;
        continue;
      }
      let text = s.slice(i + n, end - n);
      if (text.length > 2 && text.startsWith(' ') && text.endsWith(' ')) text = text.slice(1, -1);
      if (text.trim() === '') buf += s.slice(i, end);
      else push({ type: 'code', text });
      i = end;
      continue;
    }
    if (depth < MAX_DEPTH) {
      const d = DELIMITERS.find((x) => s.startsWith(x.marker, i));
      if (d && d.canOpen(s, i)) {
        const close = findCloser(d, i + d.marker.length);
        if (close !== -1) {
          push({ type: d.type, children: parseInline(s.slice(i + d.marker.length, close), options, depth + 1) });
          i = close + d.marker.length;
          continue;
        }
      }
      if (d) {
        // An unmatched marker is text, all of it (`**` does not become two `*` openers).
        buf += d.marker;
        i += d.marker.length;
        continue;
      }
    }
    if (c === '<') {
      const emoji = customEmojiAt(s, i);
      if (emoji) {
        push(emoji.node);
        i = emoji.end;
        continue;
      }
      const mention = options.mentions ? mentionAt(s, i) : null;
      if (mention) {
        push(mention.node);
        i = mention.end;
        continue;
      }
      // <https://…>: a link (Discord's form without a preview).
      if (options.autolink) {
        const url = urlAt(s, i + 1);
        if (url && s[url.end] === '>' && url.end === i + 1 + url.text.length) {
          push({ type: 'link', href: url.url.href, masked: false, children: [{ type: 'text', text: url.text }] });
          i = url.end + 1;
          continue;
        }
      }
    }
    if (c === '@' && options.mentions && !isWordChar(s[i - 1])) {
      const word = s.startsWith('@everyone', i) ? 'everyone' : s.startsWith('@here', i) ? 'here' : null;
      if (word && !isWordChar(s[i + 1 + word.length])) {
        push({ type: word });
        i += 1 + word.length;
        continue;
      }
    }
    if (c === '[' && options.maskedLinks) {
      const link = maskedLinkAt(s, i, depth);
      if (link) {
        push(link.node);
        i = link.end;
        continue;
      }
    }
    if ((c === 'h' || c === 'H') && options.autolink && !isWordChar(s[i - 1]) && s[i - 1] !== '/') {
      const url = urlAt(s, i);
      if (url) {
        push({ type: 'link', href: url.url.href, masked: false, children: [{ type: 'text', text: url.text }] });
        i = url.end;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

/**
 * `[text](url)` at `i`: a link when the URL is a valid http(s) URL and the text is not itself a
 * URL (a masked link that reads as another address is the classic phishing trick); otherwise null
 * (the characters stay text).
 */
function maskedLinkAt(s: string, i: number, depth: number): { node: InlineNode; end: number } | null {
  const close = s.indexOf(']', i + 1);
  if (close === -1 || close - i - 1 > LINK_TEXT_MAX || s[close + 1] !== '(') return null;
  const label = s.slice(i + 1, close);
  if (label.trim() === '' || label.includes('\n') || label.includes('[') || label.includes('://')) return null;
  const urlEnd = s.indexOf(')', close + 2);
  if (urlEnd === -1) return null;
  let target = s.slice(close + 2, urlEnd);
  if (target.startsWith('<') && target.endsWith('>')) target = target.slice(1, -1);
  const url = parseHttpUrl(target);
  if (!url) return null;
  const children = parseInline(label, { autolink: false, maskedLinks: false, mentions: false }, depth + 1);
  return { node: { type: 'link', href: url.href, masked: true, children }, end: urlEnd + 1 };
}
