import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/ui/Switch';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useUpdateSettings } from './mutations';
import { useDeveloperMode, useLeftSidebar } from './settings-state';
import { useShownWhileSaving } from './use-shown-while-saving';
import styles from './SettingsPanels.module.css';

/**
 * Advanced (000 §2): developer mode ("Copy ID" on messages, users, channels and teams) and the left
 * sidebar (the team list on the left on screens wider than 600 px, across the top when off). Each
 * switch is saved as it is flipped; a refusal flips it back with the server's message.
 */
export function AdvancedPanel() {
  const { t } = useTranslation('settings');
  const { shown, hold, release } = useShownWhileSaving({ developerMode: useDeveloperMode(), leftSidebar: useLeftSidebar() });
  const update = useUpdateSettings();
  const toast = useToast();
  const headingId = useId();
  const save = (key: 'developerMode' | 'leftSidebar', isEnabled: boolean) => {
    hold({ [key]: isEnabled });
    update.mutate(
      { [key]: { isEnabled } },
      { onError: (err) => toast.show(err instanceof ApiError ? err.message : t('saveFailed'), 'error'), onSettled: release },
    );
  };
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('tabs.advanced')}
      </h3>
      <div className={styles.switches}>
        <Switch
          label={t('advanced.developerMode')}
          hint={t('advanced.developerModeHint')}
          checked={shown.developerMode}
          onChange={(isEnabled) => save('developerMode', isEnabled)}
        />
        <Switch
          label={t('advanced.leftSidebar')}
          hint={t('advanced.leftSidebarHint')}
          checked={shown.leftSidebar}
          onChange={(isEnabled) => save('leftSidebar', isEnabled)}
        />
      </div>
    </section>
  );
}
