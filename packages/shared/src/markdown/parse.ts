import type { BlockNode, InlineNode, ListBlock, ListItem } from './ast';
import { parseInline, type InlineOptions } from './inline';

/**
 * A message's content as a tree (docs/message-format.md): fenced code blocks, block quotes
 * (`> `, or `>>> ` for the rest of the message), headings (`# `, `## `, `### `), lists (`- `, `* `,
 * `1. `, nested by indentation) and paragraphs, each with its inline formatting. Plain URLs become
 * links unless the message holds a masked link `[text](url)` (spec 001 §5 Links) or they are in code.
 * Pure and bounded: the same text gives the same tree on the server (mentions) and in the browser.
 */
export function parseMarkdown(content: string): BlockNode[] {
  const text = content.replace(/\r\n?/g, '\n');
  const blocks = parseBlocks(text, { autolink: true, maskedLinks: true, mentions: true }, true);
  if (!hasMaskedLink(blocks)) return blocks;
  return parseBlocks(text, { autolink: false, maskedLinks: true, mentions: true }, true);
}

function hasMaskedLink(nodes: readonly (BlockNode | InlineNode | ListItem)[]): boolean {
  return nodes.some((n) => {
    if ('type' in n && n.type === 'link') return n.masked;
    if ('items' in n) return hasMaskedLink(n.items);
    if ('sublist' in n && n.sublist && hasMaskedLink([n.sublist])) return true;
    return 'children' in n && hasMaskedLink(n.children);
  });
}

const FENCE = '```';
/** A code block's language: letters, digits and `+-#._`, at most this long. */
const LANG_MAX = 32;

function isLang(s: string): boolean {
  if (s.length === 0 || s.length > LANG_MAX) return false;
  for (const c of s) {
    const ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '+' || c === '-' || c === '#' || c === '.' || c === '_';
    if (!ok) return false;
  }
  return true;
}

/** The language and code between two fences (a language alone on the first line), or null when there is no code. */
function fencedCode(between: string): { lang: string | null; text: string } | null {
  let body = between;
  let lang: string | null = null;
  const firstBreak = body.indexOf('\n');
  if (firstBreak !== -1 && isLang(body.slice(0, firstBreak).trim())) {
    lang = body.slice(0, firstBreak).trim().toLowerCase();
    body = body.slice(firstBreak + 1);
  } else if (firstBreak === 0) body = body.slice(1);
  if (body.endsWith('\n')) body = body.slice(0, -1);
  return body.trim() === '' ? null : { lang, text: body };
}

interface ListLine {
  indent: number;
  ordered: boolean;
  number: number;
  text: string;
}

/** `- x`, `* x`, `12. x` (after optional spaces), or null. */
function listLine(line: string): ListLine | null {
  let i = 0;
  while (line[i] === ' ') i++;
  const indent = i;
  if ((line[i] === '-' || line[i] === '*') && line[i + 1] === ' ') {
    const text = line.slice(i + 2);
    return text.trim() ? { indent, ordered: false, number: 1, text } : null;
  }
  const start = i;
  while (i - start < 9 && line[i]! >= '0' && line[i]! <= '9') i++;
  if (i > start && line[i] === '.' && line[i + 1] === ' ') {
    const text = line.slice(i + 2);
    return text.trim() ? { indent, ordered: true, number: Number(line.slice(start, i)), text } : null;
  }
  return null;
}

/** `# x`, `## x`, `### x` with some text, or null. */
function headingLine(line: string): { level: 1 | 2 | 3; text: string } | null {
  let n = 0;
  while (line[n] === '#') n++;
  if (n < 1 || n > 3 || line[n] !== ' ') return null;
  const text = line.slice(n + 1).trim();
  return text ? { level: n as 1 | 2 | 3, text } : null;
}

const isQuoteLine = (line: string) => line.startsWith('> ') || line === '>';

function parseBlocks(text: string, options: InlineOptions, quotes: boolean): BlockNode[] {
  const blocks: BlockNode[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    while (paragraph.length > 0 && paragraph[0]!.trim() === '') paragraph.shift();
    while (paragraph.length > 0 && paragraph[paragraph.length - 1]!.trim() === '') paragraph.pop();
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n'), options) });
    paragraph = [];
  };

  let pos = 0;
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(pos, lineEnd);
    const next = nl === -1 ? text.length + 1 : nl + 1;

    if (line.startsWith(FENCE)) {
      const close = text.indexOf(FENCE, pos + FENCE.length);
      const code = close === -1 ? null : fencedCode(text.slice(pos + FENCE.length, close));
      if (code) {
        endParagraph();
        blocks.push({ type: 'codeBlock', ...code });
        // What follows the closing fence on its line starts a new paragraph.
        const after = close + FENCE.length;
        const afterEnd = text.indexOf('\n', after);
        const rest = text.slice(after, afterEnd === -1 ? text.length : afterEnd);
        if (rest.trim() !== '') paragraph.push(rest);
        pos = afterEnd === -1 ? text.length + 1 : afterEnd + 1;
        continue;
      }
    }

    if (quotes && line.startsWith('>>> ')) {
      endParagraph();
      blocks.push({ type: 'quote', children: parseBlocks(text.slice(pos + 4), options, false) });
      break;
    }
    if (quotes && isQuoteLine(line)) {
      endParagraph();
      const inner: string[] = [];
      let p = pos;
      while (p <= text.length) {
        const e = text.indexOf('\n', p);
        const l = text.slice(p, e === -1 ? text.length : e);
        if (!isQuoteLine(l)) break;
        inner.push(l.slice(2));
        p = e === -1 ? text.length + 1 : e + 1;
      }
      blocks.push({ type: 'quote', children: parseBlocks(inner.join('\n'), options, false) });
      pos = p;
      continue;
    }

    const heading = headingLine(line);
    if (heading) {
      endParagraph();
      blocks.push({ type: 'heading', level: heading.level, children: parseInline(heading.text, options) });
      pos = next;
      continue;
    }

    const item = listLine(line);
    if (item) {
      endParagraph();
      const items: ListLine[] = [item];
      let p = next;
      while (p <= text.length) {
        const e = text.indexOf('\n', p);
        const l = listLine(text.slice(p, e === -1 ? text.length : e));
        if (!l) break;
        items.push(l);
        p = e === -1 ? text.length + 1 : e + 1;
      }
      for (let k = 0; k < items.length;) {
        const built = buildList(items, k, options);
        blocks.push(built.list);
        k = built.next;
      }
      pos = p;
      continue;
    }

    paragraph.push(line);
    pos = next;
  }
  endParagraph();
  return blocks;
}

/** Lists nest at most this deep; deeper items join the deepest list. */
const LIST_DEPTH_MAX = 3;

/** The list that starts at `lines[from]`, its items indented more than the first becoming sublists. */
function buildList(lines: ListLine[], from: number, options: InlineOptions, depth = 1): { list: ListBlock; next: number } {
  const first = lines[from]!;
  const list: ListBlock = { type: 'list', ordered: first.ordered, start: first.number, items: [] };
  let i = from;
  while (i < lines.length) {
    const line = lines[i]!;
    // Less indented, or another kind of list at this level: this list ends.
    if (i > from && (line.indent < first.indent || (line.indent === first.indent && line.ordered !== first.ordered))) break;
    if (line.indent > first.indent && list.items.length > 0 && depth < LIST_DEPTH_MAX) {
      const sub = buildList(lines, i, options, depth + 1);
      const last = list.items[list.items.length - 1]!;
      if (last.sublist) last.sublist.items.push(...sub.list.items);
      else last.sublist = sub.list;
      i = sub.next;
      continue;
    }
    list.items.push({ children: parseInline(line.text, options), sublist: null });
    i++;
  }
  return { list, next: i };
}
