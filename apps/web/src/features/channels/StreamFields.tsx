import { LIMITS } from '@rally/shared/limits';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../components/ui/TextField';
import type { StreamPlatform } from './channel-forms';
import styles from './ChannelDialogs.module.css';
import fieldStyles from '../../components/ui/Field.module.css';

interface Props {
  platform: StreamPlatform;
  onPlatformChange: (platform: StreamPlatform) => void;
  /** The streamer field's binding (form.text('streamChannel') with its error), and a placeholder or hint if any. */
  streamer: Omit<TextFieldProps, 'label'>;
}

/** A watch-stream channel's platform and streamer, side by side (create channel, channel overview). */
export function StreamFields({ platform, onPlatformChange, streamer }: Props) {
  const { t } = useTranslation('channels');
  return (
    <div className={styles.streamRow}>
      <label className={styles.selectField}>
        <span className={styles.label}>{t('create.streamPlatform')}</span>
        <select className={fieldStyles.select} value={platform} onChange={(e) => onPlatformChange(e.target.value as StreamPlatform)}>
          {LIMITS.streamPlatforms.map((p) => (
            <option key={p} value={p}>
              {t(`platforms.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <TextField label={t('create.streamChannel')} autoComplete="off" maxLength={LIMITS.streamChannel.max + 20} {...streamer} />
    </div>
  );
}
