import type { Channel } from '@rally/shared/api/teams';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';
import styles from './ChannelDescriptionDialog.module.css';

/** A channel's whole description, opened from the header where it is cut at 50 characters (spec 001 §2). */
export function ChannelDescriptionDialog({ channel, onClose }: { channel: Pick<Channel, 'name' | 'description'>; onClose: () => void }) {
  const { t } = useTranslation('channels');
  return (
    <Dialog open onClose={onClose} title={t('header.descriptionTitle', { name: channel.name })}>
      <p className={styles.description}>{channel.description}</p>
    </Dialog>
  );
}
