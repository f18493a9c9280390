import type { Embed } from '@rally/shared/api/embeds';
import type { MessageMentions } from '@rally/shared/api/messages';
import { proxiedImage } from '@rally/shared/markdown/links';
import { parseMarkdown } from '@rally/shared/markdown/parse';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFull } from '../format';
import { ContentBody } from './ContentBody';
import { ContentLink } from './ContentLink';
import styles from './Embeds.module.css';

const NO_MENTIONS: MessageMentions = { users: [], roles: [], everyone: false, here: false };

/**
 * A message's embeds (spec 001 §3 Embed, as webhooks and bots send them): colour bar, author, title
 * (a link when it has a URL), description formatted like a message, fields (inline ones side by
 * side), image, thumbnail, footer and time. Images come through Rally's image proxy (001 §7), so
 * that no foreign host sees who reads the message; their boxes have a fixed size (no layout jump).
 */
export function MessageEmbeds({ embeds }: { embeds: Embed[] }) {
  if (embeds.length === 0) return null;
  return (
    <div className={styles.embeds}>
      {embeds.map((embed, i) => (
        <EmbedCard key={i} embed={embed} />
      ))}
    </div>
  );
}

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** An embed image through the proxy (https only; anything else is not shown). */
function ProxiedImage({ url, className, size }: { url: string; className?: string; size: number }) {
  const src = proxiedImage(url);
  return src ? <img className={className} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" referrerPolicy="no-referrer" /> : null;
}

function EmbedCard({ embed }: { embed: Embed }) {
  const { i18n } = useTranslation();
  const description = useMemo(() => (embed.description ? parseMarkdown(embed.description) : null), [embed.description]);
  const style = embed.color !== undefined ? ({ '--embed-color': hex(embed.color) } as CSSProperties) : undefined;
  return (
    <article className={`${styles.embed} ${embed.thumbnail ? styles.withThumbnail : ''}`} style={style}>
      {embed.thumbnail && <ProxiedImage url={embed.thumbnail.url} className={styles.thumbnail} size={80} />}
      {embed.author && (
        <p className={styles.author}>
          {embed.author.icon_url && <ProxiedImage url={embed.author.icon_url} className={styles.icon} size={20} />}
          {embed.author.url ? <ContentLink href={embed.author.url}>{embed.author.name}</ContentLink> : embed.author.name}
        </p>
      )}
      {embed.title && <p className={styles.title}>{embed.url ? <ContentLink href={embed.url}>{embed.title}</ContentLink> : embed.title}</p>}
      {description && (
        <div className={styles.description}>
          <ContentBody blocks={description} mentions={NO_MENTIONS} />
        </div>
      )}
      {embed.fields && embed.fields.length > 0 && (
        <dl className={styles.fields}>
          {embed.fields.map((field, i) => (
            <div key={i} className={field.inline ? styles.inlineField : styles.field}>
              <dt className={styles.fieldName}>{field.name}</dt>
              <dd className={styles.fieldValue}>
                <ContentBody blocks={parseMarkdown(field.value)} mentions={NO_MENTIONS} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {embed.image && <ProxiedImage url={embed.image.url} className={styles.image} size={400} />}
      {(embed.footer || embed.timestamp) && (
        <p className={styles.footer}>
          {embed.footer?.icon_url && <ProxiedImage url={embed.footer.icon_url} className={styles.icon} size={16} />}
          {embed.footer?.text}
          {embed.footer && embed.timestamp && ' • '}
          {embed.timestamp && <time dateTime={embed.timestamp}>{formatFull(new Date(embed.timestamp), i18n.language)}</time>}
        </p>
      )}
    </article>
  );
}
