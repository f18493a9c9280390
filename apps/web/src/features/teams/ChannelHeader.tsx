import type { Channel } from '@rally/shared/api/teams';
import { useTranslation } from 'react-i18next';
import { ChannelIcon } from './ChannelIcon';
import styles from './ChannelHeader.module.css';

/** Spec 001 §2: the channel header cuts the description at 50 characters. */
const DESCRIPTION_CUT = 50;

export function ChannelHeader({ channel }: { channel: Channel }) {
  const { t } = useTranslation('teams-page');
  const description = channel.description?.trim() ?? '';
  const cut = description.length > DESCRIPTION_CUT ? `${description.slice(0, DESCRIPTION_CUT)}…` : description;
  return (
    <header className={styles.header}>
      <span className={styles.icon}>
        <ChannelIcon type={channel.type} size={22} />
      </span>
      <h2 className={styles.name}>
        <span className="visually-hidden">{t(`channelType.${channel.type}`)}: </span>
        {channel.name}
      </h2>
      {channel.type === 'voice' && <span className={styles.beta}>{t('beta')}</span>}
      {cut && (
        <>
          <span className={styles.divider} aria-hidden="true" />
          <p className={styles.description} title={description}>
            {cut}
          </p>
        </>
      )}
    </header>
  );
}
