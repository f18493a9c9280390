import { describe, expect, it } from 'vitest';
import { parseInline, parseLegalMarkdown, safeHref } from './legal-markdown';

describe('legal page markdown', () => {
  it('parses headings, paragraphs with line breaks, lists and tables', () => {
    const blocks = parseLegalMarkdown(
      '# Title\n\nFirst line\nsecond line\n\n## Part\n\n- one\n- **two**\n\n1. a\n2. b\n\n| Data | Why |\n|---|---|\n| Account | To sign in |\n',
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', lines: [[{ type: 'text', text: 'First line' }], [{ type: 'text', text: 'second line' }]] },
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Part' }] },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'one' }], [{ type: 'strong', children: [{ type: 'text', text: 'two' }] }]] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]] },
      {
        type: 'table',
        head: [[{ type: 'text', text: 'Data' }], [{ type: 'text', text: 'Why' }]],
        rows: [[[{ type: 'text', text: 'Account' }], [{ type: 'text', text: 'To sign in' }]]],
      },
    ]);
  });

  it('links site paths, http(s) and mailto, and keeps only the text of any other link', () => {
    expect(parseInline('see [Privacy](/privacy) and [mail](mailto:a@b.test)')).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', href: '/privacy', children: [{ type: 'text', text: 'Privacy' }] },
      { type: 'text', text: ' and ' },
      { type: 'link', href: 'mailto:a@b.test', children: [{ type: 'text', text: 'mail' }] },
    ]);
    expect(parseInline('[x](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'x' },
      { type: 'text', text: ')' },
    ]);
    expect(parseInline('[x](//evil.test)')).toEqual([{ type: 'text', text: 'x' }]);
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('https://example.test/a')).toBe('https://example.test/a');
  });

  it('keeps markup as text: nothing becomes HTML', () => {
    expect(parseLegalMarkdown('<script>alert(1)</script>')).toEqual([{ type: 'paragraph', lines: [[{ type: 'text', text: '<script>alert(1)</script>' }]] }]);
  });
});
