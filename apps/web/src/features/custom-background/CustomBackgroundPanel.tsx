import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Switch } from '../../components/ui/Switch';
import { IMAGE_MAX_MB, IMAGE_TYPES, imageFileProblem } from '../uploads/image-file';
import { useUploadImage } from '../uploads/mutations';
import { setCustomBackground, useCustomBackground } from './custom-background';
import panelStyles from '../settings/SettingsPanels.module.css';
import styles from './CustomBackgroundPanel.module.css';

/**
 * Custom background (000 §2 App settings, §3; kept on this device): upload an image (PNG, JPEG or
 * GIF of at most 20 MB, uploaded as it is, type customBackground), show it behind the app or not,
 * remove it.
 */
export function CustomBackgroundPanel() {
  const { t } = useTranslation(['custom-background', 'settings', 'uploads', 'errors']);
  const background = useCustomBackground();
  const upload = useUploadImage();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { heading: useId(), hint: useId() };

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setError(t(problem, { max: IMAGE_MAX_MB }));
    setError(null);
    setProgress(0);
    try {
      const url = await upload.mutateAsync({ kind: 'customBackground', file, onProgress: setProgress });
      setCustomBackground({ url, enabled: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('errors:upload_failed'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className={panelStyles.panel} aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className={panelStyles.heading}>
        {t('settings:tabs.customBackground')}
      </h3>
      <p className={panelStyles.intro}>{t('intro')}</p>
      <div className={styles.preview}>
        {background.url ? <img src={background.url} alt={t('previewAlt')} className={styles.previewImg} /> : <span className={styles.empty}>{t('none')}</span>}
      </div>
      <div className={styles.buttons}>
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('choose')}
          onChange={(e) => void pick(e)}
        />
        <Button size="sm" variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()} aria-describedby={ids.hint}>
          {t(background.url ? 'change' : 'upload')}
        </Button>
        {background.url && !upload.isPending && (
          <Button size="sm" variant="ghost" onClick={() => setCustomBackground({ url: null, enabled: false })}>
            {t('remove')}
          </Button>
        )}
      </div>
      <p id={ids.hint} className={panelStyles.hint}>
        {t('hint')}
      </p>
      {progress !== null && (
        <div className={styles.progressRow}>
          <span>{t('uploads:image.uploading')}</span>
          <progress className={styles.progress} max={1} value={progress} aria-label={t('uploads:image.progress')} />
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Switch
        label={t('enabled')}
        hint={t(background.url ? 'enabledHint' : 'enabledNeedsImage')}
        checked={background.enabled}
        disabled={!background.url}
        onChange={(enabled) => setCustomBackground({ enabled })}
      />
    </section>
  );
}
