import type { Embed } from '@rally/shared/api/embeds';
import type { MessageMentions } from '@rally/shared/api/messages';
import { parseMarkdown } from '@rally/shared/markdown/parse';
import { memo, useMemo } from 'react';
import { ContentBody } from './ContentBody';
import { LinkPreviews } from './LinkPreviews';
import { MessageEmbeds } from './MessageEmbeds';

interface Props {
  content: string;
  mentions: MessageMentions;
  /** Rich embeds of webhooks and bots, under the text. */
  embeds?: Embed[];
}

/** A message's text, formatted (docs/message-format.md), with the previews of its links (001 §9 limits) and its embeds. */
export const MessageContent = memo(function MessageContent({ content, mentions, embeds = [] }: Props) {
  const blocks = useMemo(() => parseMarkdown(content), [content]);
  return (
    <>
      <ContentBody blocks={blocks} mentions={mentions} large />
      <LinkPreviews blocks={blocks} />
      <MessageEmbeds embeds={embeds} />
    </>
  );
});
