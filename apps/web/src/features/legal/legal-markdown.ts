/**
 * The markdown of the legal pages (apps/server/content/legal, or the operator's LEGAL_DIR): a small
 * subset, parsed into a tree that LegalMarkdown renders as React elements — never as HTML, so a
 * page cannot carry markup or script. Blocks: `#`/`##`/`###` headings, paragraphs (a line break
 * stays a line break), `-`/`*` and `1.` lists, and `|` tables. Inline: `**strong**` and
 * `[text](href)` with a site path (/privacy), an https/http URL or a mailto: address; any other
 * link is its text.
 */

export type LegalInline =
  { type: 'text'; text: string } | { type: 'strong'; children: LegalInline[] } | { type: 'link'; href: string; children: LegalInline[] };

export type LegalBlock =
  | { type: 'heading'; level: 1 | 2 | 3; children: LegalInline[] }
  | { type: 'paragraph'; lines: LegalInline[][] }
  | { type: 'list'; ordered: boolean; items: LegalInline[][] }
  | { type: 'table'; head: LegalInline[][]; rows: LegalInline[][][] };

/** Whether a link target is allowed: a path of this site, or an http(s) or mailto: URL. */
export function safeHref(href: string): string | null {
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Inline text: `**strong**` and `[text](href)`, scanned left to right (no backtracking). */
export function parseInline(source: string): LegalInline[] {
  const out: LegalInline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    if (source.startsWith('**', i)) {
      const end = source.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (source[i] === '[') {
      const close = source.indexOf('](', i + 1);
      const end = close >= 0 ? source.indexOf(')', close + 2) : -1;
      if (close > i + 1 && end > close + 2 && !source.slice(i + 1, close).includes('[')) {
        const label = parseInline(source.slice(i + 1, close));
        const href = safeHref(source.slice(close + 2, end).trim());
        flush();
        if (href) out.push({ type: 'link', href, children: label });
        else out.push(...label);
        i = end + 1;
        continue;
      }
    }
    text += source[i];
    i += 1;
  }
  flush();
  return out;
}

const HEADING = /^(#{1,3}) (.+)$/;
const BULLET = /^[-*] (.*)$/;
const NUMBERED = /^\d{1,3}\. (.*)$/;
const TABLE_RULE = /^\|[\s:|-]+$/;

function tableCells(line: string): LegalInline[][] {
  let inner = line.trim().slice(1);
  if (inner.endsWith('|')) inner = inner.slice(0, -1);
  return inner.split('|').map((cell) => parseInline(cell.trim()));
}

export function parseLegalMarkdown(markdown: string): LegalBlock[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: LegalBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = (lines[i] ?? '').trimEnd();
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const [, hashes = '#', title = ''] = heading;
      blocks.push({ type: 'heading', level: hashes.length as 1 | 2 | 3, children: parseInline(title.trim()) });
      i += 1;
      continue;
    }
    if (line.startsWith('|')) {
      const rows: LegalInline[][][] = [];
      while (i < lines.length && (lines[i] ?? '').trim().startsWith('|')) {
        const row = (lines[i] ?? '').trim();
        if (!TABLE_RULE.test(row)) rows.push(tableCells(row));
        i += 1;
      }
      const [head = [], ...body] = rows;
      blocks.push({ type: 'table', head, rows: body });
      continue;
    }
    const ordered = NUMBERED.test(line);
    if (ordered || BULLET.test(line)) {
      const pattern = ordered ? NUMBERED : BULLET;
      const items: LegalInline[][] = [];
      for (let match = pattern.exec((lines[i] ?? '').trimEnd()); match; match = pattern.exec((lines[i] ?? '').trimEnd())) {
        items.push(parseInline((match[1] ?? '').trim()));
        i += 1;
      }
      blocks.push({ type: 'list', ordered, items });
      continue;
    }
    const paragraph: LegalInline[][] = [];
    while (i < lines.length) {
      const next = (lines[i] ?? '').trimEnd();
      if (!next.trim() || HEADING.test(next) || next.startsWith('|') || BULLET.test(next) || NUMBERED.test(next)) break;
      paragraph.push(parseInline(next.trim()));
      i += 1;
    }
    blocks.push({ type: 'paragraph', lines: paragraph });
  }
  return blocks;
}
