import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/voice.json';
import { queryKeys } from '../../lib/query-keys';
import { VoiceBarAvatars } from './VoiceBarAvatars';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { voice: en } }, defaultNS: 'voice' });
});

function render(userIds: string[], speaking: string[] = []): string {
  const client = new QueryClient();
  client.setQueryData(
    queryKeys.teamMembers('t1'),
    userIds.map((id) => ({ id, username: `user${id}`, profilePicture: null })),
  );
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(QueryClientProvider, { client }, createElement(VoiceBarAvatars, { teamId: 't1', userIds, speaking })),
    ),
  );
}

const avatars = (html: string) => html.match(/data-speaking|class="[^"]*ring/g)?.filter((m) => m.startsWith('class')).length ?? 0;

describe('the voice bar avatars (001 §2: up to 3, then +N)', () => {
  it('shows everyone up to three, with no +N', () => {
    const html = render(['1', '2', '3']);
    expect(avatars(html)).toBe(3);
    expect(html).not.toContain('+');
  });

  it('shows the first three and +N for the rest, named in one label', () => {
    const html = render(['1', '2', '3', '4', '5']);
    expect(avatars(html)).toBe(3);
    expect(html).toContain('+2');
    expect(html).toContain('aria-label="In the call: user1, user2, user3, user4, user5"');
  });

  it('rings those heard speaking', () => {
    const html = render(['1', '2'], ['2']);
    expect(html.match(/data-speaking="true"/g)).toHaveLength(1);
  });

  it('shows nothing when alone', () => {
    expect(render([])).toBe('');
  });
});
