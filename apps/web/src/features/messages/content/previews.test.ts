import { parseMarkdown } from '@rally/shared/markdown/parse';
import { describe, expect, it } from 'vitest';
import { linkPreviews, PREVIEW_LIMITS } from './previews';

const origin = 'https://rally.example';
const previews = (content: string) => linkPreviews(parseMarkdown(content), origin);

describe('linkPreviews', () => {
  it('finds message links (team channel and DM) and invite links of this origin, each once, in order', () => {
    expect(
      previews(
        'see https://rally.example/teams/1/channels/2?messageId=3 and https://rally.example/chat/4?messageId=5 ' +
          'https://rally.example/teams/1/channels/2?messageId=3 https://rally.example/invite/AbC-9 https://rally.example/invite/AbC-9',
      ),
    ).toEqual({
      messages: [
        { channelId: '2', messageId: '3', path: '/teams/1/channels/2?messageId=3' },
        { channelId: '4', messageId: '5', path: '/chat/4?messageId=5' },
      ],
      invites: ['AbC-9'],
    });
  });

  it('ignores other origins, links without a message id, code and spoilers', () => {
    expect(
      previews('https://evil.example/invite/x https://rally.example/teams/1/channels/2 `https://rally.example/invite/y` ||https://rally.example/invite/z||'),
    ).toEqual({ messages: [], invites: [] });
  });

  it('keeps to the limits of 001 §9: 3 message links, 5 invites', () => {
    const links = Array.from({ length: 8 }, (_, i) => `https://rally.example/teams/1/channels/2?messageId=${i + 10} https://rally.example/invite/code${i}`);
    const found = previews(links.join(' '));
    expect(found.messages).toHaveLength(PREVIEW_LIMITS.messageLinks);
    expect(found.invites).toHaveLength(PREVIEW_LIMITS.invites);
  });
});
