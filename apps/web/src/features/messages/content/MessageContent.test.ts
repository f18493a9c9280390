import type { Embed } from '@rally/shared/api/embeds';
import type { MessageMentions } from '@rally/shared/api/messages';
import { XSS_CORPUS } from '@rally/shared/markdown/xss-corpus';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MessageContent } from './MessageContent';
import { mentionsUser } from './mentions-me';

// Links tell Rally's own origin from others by the page's origin.
beforeAll(() => {
  vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } });
});

const NONE: MessageMentions = { users: [], roles: [], everyone: false, here: false };

/** The HTML the renderer makes of a message's text (outside a team: mentions show their invalid text). */
function render(content: string, mentions: MessageMentions = NONE, embeds: Embed[] = []): string {
  const queryClient = new QueryClient();
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(MemoryRouter, null, createElement(MessageContent, { content, mentions, embeds })),
    ),
  );
}

/** Tag names of the rendered elements. */
const tags = (html: string) => new Set([...html.matchAll(/<([a-z][a-z0-9]*)/g)].map((m) => m[1]));
/** Every attribute name of the rendered elements (text is escaped by React: a `<` in the HTML opens a real tag). */
const attributes = (html: string) =>
  new Set([...html.matchAll(/<[a-z][a-z0-9]*(\s[^>]*)?>/g)].flatMap((tag) => [...(tag[1] ?? '').matchAll(/\s([a-z-]+)=/g)].map((m) => m[1])));

/** What the renderer may make, and nothing else. */
const ALLOWED_TAGS = new Set([
  'img',
  'article',
  'dl',
  'dt',
  'dd',
  'p',
  'time',
  'div',
  'strong',
  'em',
  'u',
  's',
  'code',
  'pre',
  'span',
  'a',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
]);
const ALLOWED_ATTRIBUTES = new Set([
  'class',
  'data-message-content',
  'dir',
  'href',
  'target',
  'rel',
  'title',
  'role',
  'tabindex',
  'aria-label',
  'aria-expanded',
  'aria-hidden',
  'inert',
  'start',
  'data-lang',
  'style',
  'data-discover',
]);

describe('MessageContent', () => {
  it('renders formatting as elements', () => {
    const html = render('**b** *i* __u__ ~~s~~ `c`\n# Title\n> quote\n- item\n1. one\n```js\nlet x = 1;\n```');
    for (const tag of ['strong', 'em', 'u', 's', 'code', 'h1', 'blockquote', 'ul', 'ol', 'li', 'pre']) expect(tags(html)).toContain(tag);
    expect(html).toContain('let x = 1;');
  });

  it('renders a spoiler as a covered button with inert content', () => {
    const html = render('||secret||');
    expect(html).toMatch(/role="button"[^>]*aria-expanded="false"/);
    expect(html).toMatch(/<span inert="" aria-hidden="true"[^>]*>secret<\/span>/);
  });

  it('external links open a new tab without opener or referrer; internal ones are app paths', () => {
    const html = render(`https://example.com/x and http://localhost:3000/teams/1/channels/2`);
    expect(html).toContain('href="https://example.com/x" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('href="/teams/1/channels/2"');
  });

  it('@everyone is a mention only when the server counted it; unknown mentions read as the spec says', () => {
    expect(render('@everyone')).toMatch(/<div class="[^"]*">@everyone<\/div>/);
    expect(render('@everyone', { ...NONE, everyone: true })).toMatch(/<span class="[^"]*">@everyone<\/span>/);
    const html = render('<@1> <@&2> <#3>');
    expect(html).toContain('invalidUser');
    expect(html).toContain('invalidRole');
    expect(html).toContain('invalidChannel');
  });

  it('renders embeds: colour bar, author, title link, formatted description, fields, footer; images only through the proxy', () => {
    const html = render('x', NONE, [
      {
        color: 0x22d3c5,
        author: { name: 'Patch Bot' },
        title: 'Season <4>',
        url: 'https://example.com/s4',
        description: '**New** maps <script>alert(1)</script>',
        fields: [{ name: 'Ranked', value: 'Reset', inline: true }],
        image: { url: 'https://cdn.example/banner.png' },
        footer: { text: 'Rally' },
      },
    ]);
    expect(html).toContain('--embed-color:#22d3c5');
    expect(html).toContain('Patch Bot');
    expect(html).toMatch(/<a href="https:\/\/example.com\/s4"[^>]*>Season &lt;4&gt;<\/a>/);
    expect(html).toContain('<strong>New</strong> maps &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toMatch(/<dt[^>]*>Ranked<\/dt>/);
    expect(html).toContain('Rally');
    expect([...html.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m) => m[1])).toEqual(['/media/image-proxy?url=https%3A%2F%2Fcdn.example%2Fbanner.png']);
  });

  it('renders a team emoji as its image, named :name:, and a message of only emoji large', () => {
    const html = render('gg <:party:123456789012345678> `<:party:123456789012345678>`');
    expect(html).toMatch(/<img class="_customEmoji_\w+" src="\/uploads\/emojis\/123456789012345678.webp" alt=":party:" title=":party:"\/>/);
    expect(html).toContain('<code class="_inlineCode_');
    expect(html).toContain('&lt;:party:123456789012345678&gt;</code>');
    expect(html).not.toContain('jumbo');
    expect(render('<:party:123456789012345678> 🎉')).toMatch(/_jumbo_\w+/);
    expect(render('<:a-b:1> <:party:1x>')).not.toContain('<img');
  });

  it.each(XSS_CORPUS.map((c) => [c.slice(0, 50), c]))('renders %s as inert text', (_name, content) => {
    const html = render(content);
    for (const tag of tags(html)) expect(ALLOWED_TAGS, `tag <${tag}>`).toContain(tag);
    for (const attribute of attributes(html)) expect(ALLOWED_ATTRIBUTES, `attribute ${attribute}`).toContain(attribute);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:\/\/|\/)/);
    for (const [, style] of html.matchAll(/style="([^"]*)"/g)) expect(style).toMatch(/^--(?:mention|embed)-color:/);
  });
});

describe('mentionsUser', () => {
  it('by id, by a held role, or by @everyone / @here', () => {
    expect(mentionsUser({ ...NONE, users: ['1'] }, '1', [])).toBe(true);
    expect(mentionsUser({ ...NONE, roles: ['r'] }, '1', ['r'])).toBe(true);
    expect(mentionsUser({ ...NONE, roles: ['r'] }, '1', ['x'])).toBe(false);
    expect(mentionsUser({ ...NONE, here: true }, '1', [])).toBe(true);
    expect(mentionsUser(NONE, '1', [])).toBe(false);
  });
});
