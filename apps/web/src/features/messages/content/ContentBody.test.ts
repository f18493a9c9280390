import type { MessageMentions } from '@rally/shared/api/messages';
import type { BlockNode, InlineNode } from '@rally/shared/markdown/ast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { ContentBody } from './ContentBody';
import { isJumbo, JUMBO_MAX } from './jumbo';

const NONE: MessageMentions = { users: [], roles: [], everyone: false, here: false };
const text = (t: string): InlineNode => ({ type: 'text', text: t });
const emoji = (id: string, name: string): InlineNode => ({ type: 'customEmoji', id, name });
const paragraph = (...children: InlineNode[]): BlockNode[] => [{ type: 'paragraph', children }];

/** The HTML of a message's text; `deleted`: emoji ids this session saw deleted. */
function render(blocks: BlockNode[], { large = true, deleted = [] as string[] } = {}): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.deletedEmojis, deleted);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client: queryClient }, createElement(ContentBody, { blocks, mentions: NONE, large })));
}

const images = (html: string) => [...html.matchAll(/<img([^>]*)>/g)].map((m) => m[1] ?? '');

describe('team emoji in a message', () => {
  it('shows the image at its path, named :name:, at text size among words', () => {
    const html = render(paragraph(text('gg '), emoji('123', 'party'), text(' all')));
    const [img] = images(html);
    expect(img).toContain('src="/uploads/emojis/123.webp"');
    expect(img).toContain('alt=":party:"');
    expect(img).toContain('title=":party:"');
    expect(img).toMatch(/class="_customEmoji_\w+"/);
    expect(html).not.toContain('jumbo');
  });

  it('shows a message of only emoji large, standard and team ones alike', () => {
    const html = render(paragraph(emoji('1', 'a'), text(' 🎉 '), emoji('2', 'b')));
    expect(html).toMatch(/<div class="_content_\w+ _jumbo_\w+"/);
    expect(images(html)).toHaveLength(2);
    expect(images(html).every((img) => /class="_customEmoji_\w+ _jumboEmoji_\w+"/.test(img))).toBe(true);
    // Not in an embed or a quoted message.
    expect(render(paragraph(emoji('1', 'a')), { large: false })).not.toContain('jumbo');
  });

  it('falls back to the :name: text for an emoji deleted in this session', () => {
    const html = render(paragraph(text('gg '), emoji('123', 'party')), { deleted: ['123'] });
    expect(images(html)).toEqual([]);
    expect(html).toContain('gg :party:');
  });
});

describe('isJumbo', () => {
  it('is true for one paragraph of only emoji (flags, keycaps and joined sequences count once), up to JUMBO_MAX', () => {
    expect(isJumbo(paragraph(text('😀')))).toBe(true);
    expect(isJumbo(paragraph(text(' 🇹🇷 1️⃣\n👨‍👩‍👧 '), emoji('1', 'a')))).toBe(true);
    expect(isJumbo(paragraph(text('😀'.repeat(JUMBO_MAX))))).toBe(true);
    expect(isJumbo(paragraph(text('😀'.repeat(JUMBO_MAX - 1)), emoji('1', 'a'), emoji('2', 'b')))).toBe(false);
  });

  it('is false with any other text or formatting, several blocks, or nothing', () => {
    expect(isJumbo(paragraph(text('hi 😀')))).toBe(false);
    expect(isJumbo(paragraph(emoji('1', 'a'), text('!')))).toBe(false);
    expect(isJumbo(paragraph({ type: 'strong', children: [emoji('1', 'a')] }))).toBe(false);
    expect(isJumbo([...paragraph(text('😀')), ...paragraph(text('😀'))])).toBe(false);
    expect(isJumbo(paragraph(text('  ')))).toBe(false);
    expect(isJumbo([])).toBe(false);
  });
});
