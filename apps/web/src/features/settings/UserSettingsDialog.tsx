import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { SettingsDialog, type SettingsTab } from '../../components/ui/SettingsDialog';
import { LogoutDialog } from '../auth/LogoutDialog';
import { ConnectionsPanel } from '../connections/ConnectionsPanel';
import { CustomBackgroundPanel } from '../custom-background/CustomBackgroundPanel';
import { StreamerModePanel } from '../streamer-mode/StreamerModePanel';
import { AdvancedPanel } from './AdvancedPanel';
import { BUILD_LABEL } from './build-label';
import { LanguagePanel } from './LanguagePanel';
import { MyAccountPanel } from './MyAccountPanel';
import { PrivacyPanel } from './PrivacyPanel';
import { SessionsPanel } from '../sessions/SessionsPanel';
import styles from './SettingsPanels.module.css';
import { VoicePanel } from './VoicePanel';

/** The panels of the user settings, by menu group (000 §2): Account, then App settings. */
const PANELS = [
  { id: 'account', group: 'account', render: () => <MyAccountPanel /> },
  { id: 'privacy', group: 'account', render: () => <PrivacyPanel /> },
  { id: 'connections', group: 'account', render: () => <ConnectionsPanel /> },
  { id: 'advanced', group: 'account', render: () => <AdvancedPanel /> },
  { id: 'sessions', group: 'account', render: () => <SessionsPanel /> },
  { id: 'language', group: 'app', render: () => <LanguagePanel /> },
  { id: 'voice', group: 'app', render: () => <VoicePanel /> },
  { id: 'streamerMode', group: 'app', render: () => <StreamerModePanel /> },
  { id: 'customBackground', group: 'app', render: () => <CustomBackgroundPanel /> },
] as const satisfies readonly { id: string; group: string; render: () => ReactNode }[];

/**
 * The user settings (000 §2): the Account group (my account, privacy, connections, advanced, sessions) and the App
 * settings group (language, voice, streamer mode, custom background), then log out (after a confirmation) and the build label. Full screen on phones.
 */
export function UserSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [active, setActive] = useState<string>('account');
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const tabs: SettingsTab[] = PANELS.map((panel) => ({ id: panel.id, group: t(`groups.${panel.group}`), label: t(`tabs.${panel.id}`), render: panel.render }));
  return (
    <>
      <SettingsDialog
        open
        onClose={onClose}
        title={t('title')}
        tabs={tabs}
        activeTab={active}
        onTabChange={setActive}
        footer={
          <>
            <Button variant="danger" size="sm" aria-haspopup="dialog" onClick={() => setConfirmingLogout(true)}>
              {t('logout')}
            </Button>
            <span className={styles.build}>{t('build', { version: BUILD_LABEL })}</span>
          </>
        }
      />
      {confirmingLogout && <LogoutDialog onClose={() => setConfirmingLogout(false)} />}
    </>
  );
}
