import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Switch } from '../../components/ui/Switch';
import { setStreamerMode, shortcutOf, useStreamerMode } from './streamer-mode';
import panelStyles from '../settings/SettingsPanels.module.css';
import styles from './StreamerModePanel.module.css';
import { SHORTCUT_RECORDER_ATTR } from './use-streamer-shortcut';

/**
 * Streamer mode (000 §2 App settings, §3; kept on this device): the switch, the keyboard shortcut
 * that toggles it (recorded by pressing it; Escape cancels), and what it hides while on. Each change
 * applies at once.
 */
export function StreamerModePanel() {
  const { t } = useTranslation(['streamer-mode', 'settings']);
  const mode = useStreamerMode();
  const [recording, setRecording] = useState(false);
  const ids = { heading: useId(), shortcut: useId(), details: useId() };

  const record = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!recording) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setRecording(false);
      return;
    }
    if (e.key === 'Tab') return setRecording(false);
    e.preventDefault();
    e.stopPropagation();
    const shortcut = shortcutOf(e.nativeEvent);
    if (!shortcut) return;
    setStreamerMode({ shortcut });
    setRecording(false);
  };

  return (
    <section className={panelStyles.panel} aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className={panelStyles.heading}>
        {t('settings:tabs.streamerMode')}
      </h3>
      <p className={panelStyles.intro}>{t('intro')}</p>
      <div className={panelStyles.switches}>
        <Switch label={t('enabled')} hint={t('enabledHint')} checked={mode.enabled} onChange={(enabled) => setStreamerMode({ enabled })} />
      </div>
      <div className={styles.shortcut}>
        <div className={styles.shortcutText}>
          <span id={ids.shortcut} className={styles.label}>
            {t('shortcut.label')}
          </span>
          <span className={panelStyles.hint}>{t('shortcut.hint')}</span>
        </div>
        <div className={styles.shortcutControls}>
          <button
            type="button"
            className={`${styles.recorder} ${recording ? styles.recording : ''}`}
            aria-labelledby={`${ids.shortcut} ${ids.shortcut}-value`}
            aria-pressed={recording}
            {...{ [SHORTCUT_RECORDER_ATTR]: '' }}
            onClick={() => setRecording((r) => !r)}
            onKeyDown={record}
            onBlur={() => setRecording(false)}
          >
            <span id={`${ids.shortcut}-value`}>{recording ? t('shortcut.recording') : (mode.shortcut ?? t('shortcut.none'))}</span>
          </button>
          {mode.shortcut && !recording && (
            <Button size="sm" variant="ghost" onClick={() => setStreamerMode({ shortcut: null })}>
              {t('shortcut.clear')}
            </Button>
          )}
        </div>
      </div>
      <fieldset className={styles.details} aria-describedby={ids.details}>
        <legend className={styles.legend}>{t('details.legend')}</legend>
        <p id={ids.details} className={panelStyles.hint}>
          {t('details.hint')}
        </p>
        <div className={panelStyles.switches}>
          <Switch
            label={t('details.hidePersonalInfo')}
            hint={t('details.hidePersonalInfoHint')}
            checked={mode.hidePersonalInfo}
            onChange={(hidePersonalInfo) => setStreamerMode({ hidePersonalInfo })}
          />
          <Switch
            label={t('details.hideInviteLinks')}
            hint={t('details.hideInviteLinksHint')}
            checked={mode.hideInviteLinks}
            onChange={(hideInviteLinks) => setStreamerMode({ hideInviteLinks })}
          />
          <Switch
            label={t('details.hideLastMessagesOnDMs')}
            hint={t('details.hideLastMessagesOnDMsHint')}
            checked={mode.hideLastMessagesOnDMs}
            onChange={(hideLastMessagesOnDMs) => setStreamerMode({ hideLastMessagesOnDMs })}
          />
        </div>
      </fieldset>
    </section>
  );
}
