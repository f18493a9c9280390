import type { MessageMentions } from '@rally/shared/api/messages';
import { parseMarkdown } from '@rally/shared/markdown/parse';
import { memo, useMemo } from 'react';
import { ContentBody } from './ContentBody';
import { LinkPreviews } from './LinkPreviews';

interface Props {
  content: string;
  mentions: MessageMentions;
}

/** A message's text, formatted (docs/message-format.md), with the previews of its links (001 §9 limits). */
export const MessageContent = memo(function MessageContent({ content, mentions }: Props) {
  const blocks = useMemo(() => parseMarkdown(content), [content]);
  return (
    <>
      <ContentBody blocks={blocks} mentions={mentions} />
      <LinkPreviews blocks={blocks} />
    </>
  );
});
