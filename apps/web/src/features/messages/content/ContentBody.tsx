import type { MessageMentions } from '@rally/shared/api/messages';
import type { BlockNode, InlineNode, ListBlock } from '@rally/shared/markdown/ast';
import type { ReactNode } from 'react';
import { CodeBlock } from './CodeBlock';
import { ContentLink } from './ContentLink';
import { CustomEmoji } from './CustomEmoji';
import { isJumbo } from './jumbo';
import { Mention } from './Mention';
import { Spoiler } from './Spoiler';
import styles from './MessageContent.module.css';

/** What every node of one message is rendered with. */
interface RenderContext {
  /** What the server resolved (@everyone and @here show as mentions only when they counted). */
  mentions: MessageMentions;
  /** The message is only a few emoji: they show large. */
  jumbo: boolean;
}

/**
 * A parsed message text (parseMarkdown's tree) as React elements, never as HTML, so that nothing in
 * a message can become markup or script. `mentions`: what the server resolved (@everyone and @here
 * show as mentions only when they counted). `large`: a message's own text, whose emoji show large
 * when it is only a few emoji (isJumbo); not an embed's or a quoted message's.
 */
export function ContentBody({ blocks, mentions, large = false }: { blocks: BlockNode[]; mentions: MessageMentions; large?: boolean }) {
  const jumbo = large && isJumbo(blocks);
  return (
    <div className={jumbo ? `${styles.content} ${styles.jumbo}` : styles.content} dir="auto" data-message-content="">
      {renderBlocks(blocks, { mentions, jumbo })}
    </div>
  );
}

function renderBlocks(blocks: BlockNode[], ctx: RenderContext): ReactNode[] {
  return blocks.map((b, i) => {
    switch (b.type) {
      case 'paragraph':
        return (
          <div key={i} className={styles.paragraph}>
            {renderInline(b.children, ctx)}
          </div>
        );
      case 'heading': {
        const Tag = (['h1', 'h2', 'h3'] as const)[b.level - 1]!;
        return (
          <Tag key={i} className={`${styles.heading} ${styles[`h${b.level}`]}`}>
            {renderInline(b.children, ctx)}
          </Tag>
        );
      }
      case 'quote':
        return (
          <blockquote key={i} className={styles.quote}>
            {renderBlocks(b.children, ctx)}
          </blockquote>
        );
      case 'list':
        return renderList(b, ctx, i);
      case 'codeBlock':
        return <CodeBlock key={i} lang={b.lang} code={b.text} />;
    }
  });
}

function renderList(list: ListBlock, ctx: RenderContext, key: number): ReactNode {
  const items = list.items.map((item, i) => (
    <li key={i}>
      {renderInline(item.children, ctx)}
      {item.sublist && renderList(item.sublist, ctx, 0)}
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

function renderInline(nodes: InlineNode[], ctx: RenderContext): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return n.text;
      case 'strong':
        return <strong key={i}>{renderInline(n.children, ctx)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(n.children, ctx)}</em>;
      case 'underline':
        return <u key={i}>{renderInline(n.children, ctx)}</u>;
      case 'strike':
        return <s key={i}>{renderInline(n.children, ctx)}</s>;
      case 'spoiler':
        return <Spoiler key={i}>{renderInline(n.children, ctx)}</Spoiler>;
      case 'code':
        return (
          <code key={i} className={styles.inlineCode}>
            {n.text}
          </code>
        );
      case 'link':
        return (
          <ContentLink key={i} href={n.href}>
            {renderInline(n.children, ctx)}
          </ContentLink>
        );
      case 'userMention':
      case 'roleMention':
      case 'channelMention':
        return <Mention key={i} node={n} />;
      case 'everyone':
      case 'here':
        // Without MENTION_EVERYONE_AND_HERE the server did not count it: plain text.
        return ctx.mentions[n.type] ? (
          <span key={i} className={styles.mention}>
            @{n.type}
          </span>
        ) : (
          `@${n.type}`
        );
      case 'customEmoji':
        return <CustomEmoji key={i} id={n.id} name={n.name} jumbo={ctx.jumbo} />;
    }
  });
}
