import type { MessageMentions } from '@rally/shared/api/messages';
import type { BlockNode, InlineNode, ListBlock } from '@rally/shared/markdown/ast';
import type { ReactNode } from 'react';
import { CodeBlock } from './CodeBlock';
import { ContentLink } from './ContentLink';
import { Mention } from './Mention';
import { Spoiler } from './Spoiler';
import styles from './MessageContent.module.css';

/**
 * A parsed message text (parseMarkdown's tree) as React elements, never as HTML, so that nothing in
 * a message can become markup or script. `mentions`: what the server resolved (@everyone and @here
 * show as mentions only when they counted).
 */
export function ContentBody({ blocks, mentions }: { blocks: BlockNode[]; mentions: MessageMentions }) {
  return (
    <div className={styles.content} dir="auto" data-message-content="">
      {renderBlocks(blocks, mentions)}
    </div>
  );
}

function renderBlocks(blocks: BlockNode[], mentions: MessageMentions): ReactNode[] {
  return blocks.map((b, i) => {
    switch (b.type) {
      case 'paragraph':
        return (
          <div key={i} className={styles.paragraph}>
            {renderInline(b.children, mentions)}
          </div>
        );
      case 'heading': {
        const Tag = (['h1', 'h2', 'h3'] as const)[b.level - 1]!;
        return (
          <Tag key={i} className={`${styles.heading} ${styles[`h${b.level}`]}`}>
            {renderInline(b.children, mentions)}
          </Tag>
        );
      }
      case 'quote':
        return (
          <blockquote key={i} className={styles.quote}>
            {renderBlocks(b.children, mentions)}
          </blockquote>
        );
      case 'list':
        return renderList(b, mentions, i);
      case 'codeBlock':
        return <CodeBlock key={i} lang={b.lang} code={b.text} />;
    }
  });
}

function renderList(list: ListBlock, mentions: MessageMentions, key: number): ReactNode {
  const items = list.items.map((item, i) => (
    <li key={i}>
      {renderInline(item.children, mentions)}
      {item.sublist && renderList(item.sublist, mentions, 0)}
    </li>
  ));
  return list.ordered ? (
    <ol key={key} className={styles.list} start={list.start}>
      {items}
    </ol>
  ) : (
    <ul key={key} className={styles.list}>
      {items}
    </ul>
  );
}

function renderInline(nodes: InlineNode[], mentions: MessageMentions): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return n.text;
      case 'strong':
        return <strong key={i}>{renderInline(n.children, mentions)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(n.children, mentions)}</em>;
      case 'underline':
        return <u key={i}>{renderInline(n.children, mentions)}</u>;
      case 'strike':
        return <s key={i}>{renderInline(n.children, mentions)}</s>;
      case 'spoiler':
        return <Spoiler key={i}>{renderInline(n.children, mentions)}</Spoiler>;
      case 'code':
        return (
          <code key={i} className={styles.inlineCode}>
            {n.text}
          </code>
        );
      case 'link':
        return (
          <ContentLink key={i} href={n.href}>
            {renderInline(n.children, mentions)}
          </ContentLink>
        );
      case 'userMention':
      case 'roleMention':
      case 'channelMention':
        return <Mention key={i} node={n} />;
      case 'everyone':
      case 'here':
        // Without MENTION_EVERYONE_AND_HERE the server did not count it: plain text.
        return mentions[n.type] ? (
          <span key={i} className={styles.mention}>
            @{n.type}
          </span>
        ) : (
          `@${n.type}`
        );
    }
  });
}
