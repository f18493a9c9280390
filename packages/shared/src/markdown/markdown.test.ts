import { describe, expect, it } from 'vitest';
import { EMOJI_NAME_PATTERN } from '../api/emojis';
import type { BlockNode, InlineNode } from './ast';
import { collectCustomEmoji, customEmojiAt, customEmojiTokens } from './custom-emoji';
import { internalPath, parseHttpUrl } from './links';
import { collectMentions } from './mentions';
import { parseMarkdown } from './parse';
import { XSS_CORPUS } from './xss-corpus';

const text = (t: string): InlineNode => ({ type: 'text', text: t });
/** The inline nodes of a one-paragraph message. */
function inline(content: string): InlineNode[] {
  const blocks = parseMarkdown(content);
  expect(blocks).toHaveLength(1);
  const [first] = blocks;
  if (first?.type !== 'paragraph') throw new Error(`not a paragraph: ${JSON.stringify(first)}`);
  return first.children;
}

/** Every inline node of a tree, depth first. */
function allInline(blocks: readonly BlockNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  const walk = (nodes: readonly InlineNode[]) => {
    for (const n of nodes) {
      out.push(n);
      if ('children' in n) walk(n.children);
    }
  };
  const walkBlocks = (bs: readonly BlockNode[]) => {
    for (const b of bs) {
      if (b.type === 'quote') walkBlocks(b.children);
      else if (b.type === 'list') {
        const items = (l: typeof b) => {
          for (const it of l.items) {
            walk(it.children);
            if (it.sublist) items(it.sublist);
          }
        };
        items(b);
      } else if (b.type !== 'codeBlock') walk(b.children);
    }
  };
  walkBlocks(blocks);
  return out;
}

/** The visible text of a tree (what a reader sees, markers removed). */
function visible(blocks: readonly BlockNode[]): string {
  return allInline(blocks)
    .map((n) => (n.type === 'text' || n.type === 'code' ? n.text : ''))
    .join('');
}

describe('inline formatting', () => {
  it('bold, italic, underline, strike, spoiler, code', () => {
    expect(inline('**b** *i* _i_ __u__ ~~s~~ ||x|| `c`')).toEqual([
      { type: 'strong', children: [text('b')] },
      text(' '),
      { type: 'em', children: [text('i')] },
      text(' '),
      { type: 'em', children: [text('i')] },
      text(' '),
      { type: 'underline', children: [text('u')] },
      text(' '),
      { type: 'strike', children: [text('s')] },
      text(' '),
      { type: 'spoiler', children: [text('x')] },
      text(' '),
      { type: 'code', text: 'c' },
    ]);
  });

  it('nests, and ***x*** is bold italic', () => {
    expect(inline('***x***')).toEqual([{ type: 'strong', children: [{ type: 'em', children: [text('x')] }] }]);
    expect(inline('||**a** b||')).toEqual([{ type: 'spoiler', children: [{ type: 'strong', children: [text('a')] }, text(' b')] }]);
  });

  it('never parses inside code spans, and a code span hides a closing marker', () => {
    expect(inline('`**not bold** <@1> https://x.com`')).toEqual([{ type: 'code', text: '**not bold** <@1> https://x.com' }]);
    expect(inline('**a `**` b**')).toEqual([{ type: 'strong', children: [text('a '), { type: 'code', text: '**' }, text(' b')] }]);
    expect(inline('`` a ` b ``')).toEqual([{ type: 'code', text: 'a ` b' }]);
  });

  it('leaves unclosed markers, snake_case and escaped markers as text', () => {
    expect(inline('**open *and _lone')).toEqual([text('**open *and _lone')]);
    expect(inline('snake_case_name')).toEqual([text('snake_case_name')]);
    expect(inline('\\*\\*not\\*\\* \\`x\\`')).toEqual([text('**not** `x`')]);
    expect(inline('2 * 3 * 4')).toEqual([text('2 * 3 * 4')]);
  });
});

describe('blocks', () => {
  it('headings (three levels), quotes, lists with nesting, paragraphs keeping their line breaks', () => {
    expect(parseMarkdown('# One\n## Two\n### Three\n#### four')).toEqual([
      { type: 'heading', level: 1, children: [text('One')] },
      { type: 'heading', level: 2, children: [text('Two')] },
      { type: 'heading', level: 3, children: [text('Three')] },
      { type: 'paragraph', children: [text('#### four')] },
    ]);
    expect(parseMarkdown('a\nb\n\nc')).toEqual([{ type: 'paragraph', children: [text('a\nb\n\nc')] }]);
    expect(parseMarkdown('> q1\n> q2\nafter')).toEqual([
      { type: 'quote', children: [{ type: 'paragraph', children: [text('q1\nq2')] }] },
      { type: 'paragraph', children: [text('after')] },
    ]);
    expect(parseMarkdown('>>> all\n> of\nthis')).toEqual([{ type: 'quote', children: [{ type: 'paragraph', children: [text('all\n> of\nthis')] }] }]);
    expect(parseMarkdown('- a\n  - a1\n- b\n3. x\n4. y')).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          { children: [text('a')], sublist: { type: 'list', ordered: false, start: 1, items: [{ children: [text('a1')], sublist: null }] } },
          { children: [text('b')], sublist: null },
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          { children: [text('x')], sublist: null },
          { children: [text('y')], sublist: null },
        ],
      },
    ]);
    expect(parseMarkdown('7. seven\n8. eight')).toMatchObject([{ type: 'list', ordered: true, start: 7 }]);
  });

  it('fenced code blocks with a language, never parsed; an unclosed fence is text', () => {
    expect(parseMarkdown('```ts\nconst a = **1** <@2>;\n```\nafter')).toEqual([
      { type: 'codeBlock', lang: 'ts', text: 'const a = **1** <@2>;' },
      { type: 'paragraph', children: [text('after')] },
    ]);
    expect(parseMarkdown('```\nplain\n```')).toEqual([{ type: 'codeBlock', lang: null, text: 'plain' }]);
    expect(parseMarkdown('```one line```')).toEqual([{ type: 'codeBlock', lang: null, text: 'one line' }]);
    expect(parseMarkdown('```\nnot closed')).toEqual([{ type: 'paragraph', children: [text('```\nnot closed')] }]);
  });
});

describe('mentions', () => {
  it('parses the wire syntax and collects it outside code', () => {
    expect(inline('<@12> <@!13> <@&14> <#15> @everyone @here')).toEqual([
      { type: 'userMention', id: '12' },
      text(' '),
      { type: 'userMention', id: '13' },
      text(' '),
      { type: 'roleMention', id: '14' },
      text(' '),
      { type: 'channelMention', id: '15' },
      text(' '),
      { type: 'everyone' },
      text(' '),
      { type: 'here' },
    ]);
    expect(collectMentions(parseMarkdown('hi <@1> <@1> ||<@&2>|| `<@3>` @here\n```\n@everyone <#4>\n```\n> <#5>'))).toEqual({
      users: ['1'],
      roles: ['2'],
      channels: ['5'],
      everyone: false,
      here: true,
    });
  });

  it('ignores look-alikes: e-mail addresses, words, over-long ids', () => {
    expect(inline('a@here.com x@everyone @heres <@123456789012345678901> <@x>')).toEqual([text('a@here.com x@everyone @heres <@123456789012345678901> <@x>')]);
  });
});

describe('team emoji', () => {
  const ID = '123456789012345678';
  const emoji = (name: string, id = ID): InlineNode => ({ type: 'customEmoji', id, name });

  it('parses <:name:id> anywhere inline: alone, among text, in formatting, in a link text, in quotes, lists and headings', () => {
    expect(inline(`<:party:${ID}>`)).toEqual([emoji('party')]);
    expect(inline(`hi <:a_b:1>there`)).toEqual([text('hi '), emoji('a_b', '1'), text('there')]);
    expect(inline(`**<:B0ld:${ID}>**`)).toEqual([{ type: 'strong', children: [emoji('B0ld')] }]);
    expect(inline(`[<:go:${ID}> docs](https://example.com)`)).toEqual([
      { type: 'link', href: 'https://example.com/', masked: true, children: [emoji('go'), text(' docs')] },
    ]);
    expect(parseMarkdown(`> <:q:1>\n- <:l:2>\n# <:h:3>`)).toEqual([
      { type: 'quote', children: [{ type: 'paragraph', children: [emoji('q', '1')] }] },
      { type: 'list', ordered: false, start: 1, items: [{ children: [emoji('l', '2')], sublist: null }] },
      { type: 'heading', level: 1, children: [emoji('h', '3')] },
    ]);
  });

  it("an emoji's underscores neither open nor close italics or underline around it", () => {
    expect(inline(`_x <:a_:1> y_`)).toEqual([{ type: 'em', children: [text('x '), emoji('a_', '1'), text(' y')] }]);
    expect(inline(`__u <:a__b:1>__`)).toEqual([{ type: 'underline', children: [text('u '), emoji('a__b', '1')] }]);
    expect(inline(`<:__init__:1>`)).toEqual([emoji('__init__', '1')]);
  });

  it('is not an emoji in code, after a backslash, or malformed (the characters stay text)', () => {
    expect(inline('`<:a:1>`')).toEqual([{ type: 'code', text: '<:a:1>' }]);
    expect(parseMarkdown('```\n<:a:1>\n```')).toEqual([{ type: 'codeBlock', lang: null, text: '<:a:1>' }]);
    expect(inline('\\<:a:1>')).toEqual([text('<:a:1>')]);
    const malformed = [
      '<:a:>',
      '<::1>',
      '<:a-b:1>',
      '<:a b:1>',
      '<:a:1x>',
      '<:a:1',
      '<:a:-1>',
      '<:a:01>',
      '<:ğ:1>',
      '<a:anim:1>',
      '<: a:1>',
      `<:${'n'.repeat(33)}:1>`,
      '<:a:9223372036854775808>',
      '<:a:12345678901234567890>',
    ];
    for (const raw of malformed) expect(inline(raw), raw).toEqual([text(raw)]);
    expect(inline(`<:${'n'.repeat(32)}:9223372036854775807>`)).toEqual([emoji('n'.repeat(32), '9223372036854775807')]);
  });

  it('takes exactly the names of EMOJI_NAME_PATTERN up to 32 characters', () => {
    for (const name of ['a', 'A_1', '_', '9', 'x'.repeat(32), 'x'.repeat(33), 'é', 'a.b', 'a:b', '', 'Ω', 'a\u200bb']) {
      const valid = EMOJI_NAME_PATTERN.test(name) && name.length <= 32;
      expect(customEmojiAt(`<:${name}:1>`, 0) !== null, name).toBe(valid);
    }
  });

  it('collects what a message shows (not code); finds every written token with its position', () => {
    const content = 'a <:one:1> `<:two:2>` <:one:1>\n```\n<:three:3>\n```\n\\<:four:4> <:bad:x>';
    expect(collectCustomEmoji(parseMarkdown(content))).toEqual([emoji('one', '1'), emoji('one', '1')]);
    const tokens = customEmojiTokens(content);
    expect(tokens.map((t) => [t.name, t.id, content.slice(t.start, t.end)])).toEqual([
      ['one', '1', '<:one:1>'],
      ['two', '2', '<:two:2>'],
      ['one', '1', '<:one:1>'],
      ['three', '3', '<:three:3>'],
      ['four', '4', '<:four:4>'],
    ]);
    expect(customEmojiTokens('<:<:a:1>')).toEqual([{ start: 2, end: 8, name: 'a', id: '1' }]);
  });
});

describe('links', () => {
  it('auto-links http(s) URLs, trimming punctuation and unbalanced parentheses', () => {
    expect(inline('see https://example.com/a_(b), ok.')).toEqual([
      text('see '),
      { type: 'link', href: 'https://example.com/a_(b)', masked: false, children: [text('https://example.com/a_(b)')] },
      text(', ok.'),
    ]);
    expect(inline('(https://example.com)')).toEqual([
      text('('),
      { type: 'link', href: 'https://example.com/', masked: false, children: [text('https://example.com')] },
      text(')'),
    ]);
    expect(inline('<https://example.com/x>')).toEqual([
      { type: 'link', href: 'https://example.com/x', masked: false, children: [text('https://example.com/x')] },
    ]);
  });

  it('masked links; with one in the message, plain URLs stay text (001 §5)', () => {
    expect(inline('[docs](https://example.com/d) and https://other.example')).toEqual([
      { type: 'link', href: 'https://example.com/d', masked: true, children: [text('docs')] },
      text(' and https://other.example'),
    ]);
  });

  it('refuses other schemes, credentials and masked text that is itself a URL', () => {
    for (const raw of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'https://u:p@example.com', 'https://', 'ftp://x.com']) {
      expect(parseHttpUrl(raw), raw).toBeNull();
    }
    const links = allInline(parseMarkdown('[x](javascript:alert(1)) [https://a.example](https://b.example)')).filter((n) => n.type === 'link');
    // The would-be masked link is refused: what is linked shows its own address.
    expect(links).toEqual([{ type: 'link', href: 'https://b.example/', masked: false, children: [text('https://b.example')] }]);
  });

  it('tells internal paths (001 §2 prefixes) from external ones', () => {
    const origin = 'https://rally.example';
    const at = (u: string) => internalPath(new URL(u), origin);
    expect(at('https://rally.example/teams/1/channels/2?messageId=3')).toBe('/teams/1/channels/2?messageId=3');
    expect(at('https://rally.example/')).toBe('/');
    expect(at('https://rally.example/me/friends')).toBe('/me/friends');
    expect(at('https://rally.example/chat/5')).toBe('/chat/5');
    expect(at('https://rally.example/invite/abc')).toBe('/invite/abc');
    expect(at('https://rally.example/api/v1/health')).toBeNull();
    expect(at('https://rally.example/chatroom')).toBeNull();
    expect(at('https://evil.example/teams/1')).toBeNull();
  });
});

describe('the XSS corpus', () => {
  it.each(XSS_CORPUS.map((c) => [c.slice(0, 60), c]))('%s: text only, links only to checked http(s) URLs', (_name, content) => {
    const blocks = parseMarkdown(content);
    for (const node of allInline(blocks)) {
      if (node.type === 'link') {
        expect(parseHttpUrl(node.href)?.href).toBe(node.href);
        expect(node.href).toMatch(/^https?:\/\//);
      }
    }
    // An emoji shows only its own name (letters, digits, underscores) and id (digits).
    for (const node of allInline(blocks)) if (node.type === 'customEmoji') expect(`${node.name}:${node.id}`).toMatch(/^\w{1,32}:\d{1,19}$/);
    // Nothing is lost or invented: the characters a reader sees all come from the message.
    for (const ch of new Set(visible(blocks))) expect(content.includes(ch)).toBe(true);
  });

  it('parses a long adversarial message in linear-ish time', () => {
    const inputs = ['*a'.repeat(2500), '**a'.repeat(1666), '||'.repeat(2500), '`a'.repeat(2500), '[a]('.repeat(1250), '_a '.repeat(1666)];
    for (const input of inputs) expect(() => parseMarkdown(input)).not.toThrow();
  });
});
