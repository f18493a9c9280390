import type { Channel } from '@rally/shared/api/teams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelDescriptionDialog } from '../channels/ChannelDescriptionDialog';
import { SearchBox } from '../search/SearchBox';
import { streamProfileUrl } from '../channels/stream-link';
import { PinsButton } from '../pins/PinsButton';
import { ChannelIcon } from './ChannelIcon';
import styles from './ChannelHeader.module.css';

/** Spec 001 §2: the channel header cuts the description at 50 characters. */
const DESCRIPTION_CUT = 50;

export function ChannelHeader({ channel }: { channel: Channel }) {
  const { t } = useTranslation(['teams-page', 'channels']);
  const [showDescription, setShowDescription] = useState(false);
  const streamUrl = streamProfileUrl(channel.additionalData);
  const description = channel.description?.trim() ?? '';
  const cut = description.length > DESCRIPTION_CUT ? `${description.slice(0, DESCRIPTION_CUT)}…` : description;
  return (
    <header className={styles.header}>
      <span className={styles.icon}>
        <ChannelIcon type={channel.type} size={22} />
      </span>
      <h2 className={styles.name}>
        <span className="visually-hidden">{t(`teams-page:channelType.${channel.type}`)}: </span>
        {channel.name}
      </h2>
      {channel.type === 'voice' && <span className={styles.beta}>{t('teams-page:beta')}</span>}
      {cut && (
        <>
          <span className={styles.divider} aria-hidden="true" />
          <button
            type="button"
            className={styles.description}
            title={description}
            onClick={() => setShowDescription(true)}
            aria-haspopup="dialog"
            aria-label={`${cut} (${t('channels:header.showDescription')})`}
          >
            {cut}
          </button>
        </>
      )}
      {streamUrl && channel.additionalData && (
        <a
          className={styles.streamLink}
          href={streamUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('channels:header.streamLinkLabel', {
            channel: channel.additionalData.streamChannel,
            platform: t(`channels:platforms.${channel.additionalData.streamPlatform}`),
          })}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path
              d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className={styles.streamText}>
            {t('channels:header.streamLink', {
              channel: channel.additionalData.streamChannel,
              platform: t(`channels:platforms.${channel.additionalData.streamPlatform}`),
            })}
          </span>
        </a>
      )}
      {channel.teamId && <SearchBox scope={{ teamId: channel.teamId }} />}
      {channel.type === 'text' && <PinsButton teamId={channel.teamId} channelId={channel.id} />}
      {showDescription && <ChannelDescriptionDialog channel={channel} onClose={() => setShowDescription(false)} />}
    </header>
  );
}
