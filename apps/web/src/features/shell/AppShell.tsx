import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { useAppNavigation } from '../../lib/app-navigation';
import { DisconnectedBanner } from '../../lib/gateway/DisconnectedBanner';
import { GatewayProvider } from '../../lib/gateway/GatewayProvider';
import { useMediaQuery } from '../../lib/use-media-query';
import { VerifyEmailBanner } from '../account/VerifyEmailBanner';
import { useIgnoreStrayFileDrops } from '../attachments/use-file-drop';
import { backgroundImageOf, useCustomBackground } from '../custom-background/custom-background';
import { IdleReporter } from '../presence/IdleReporter';
import { useLeftSidebar } from '../settings/settings-state';
import { useAccountLanguage } from '../settings/use-account-language';
import { StreamerBanner } from '../streamer-mode/StreamerBanner';
import { useStreamerShortcut } from '../streamer-mode/use-streamer-shortcut';
import { useVoiceRemovalToasts } from '../voice/voice-removal';
import { liveEvents } from './live-events';
import { CreateTeamDialog } from '../teams/CreateTeamDialog';
import { GlobalPrompts } from '../onboarding/GlobalPrompts';
import { NotificationBanner } from '../unread/NotificationBanner';
import styles from './AppShell.module.css';
import { ShellContext, type ShellApi } from './shell-context';
import { Sidebar } from './Sidebar';

/**
 * The signed-in layout: live connection, team sidebar (on the left above 600 px when the left-sidebar
 * setting is on, 001 §2; otherwise a strip at the top),
 * connection banner, and the page. Mounted once for every signed-in route, so moving between
 * pages keeps the socket open.
 */
export function AppShell() {
  const { t } = useTranslation('common');
  const [createOpen, setCreateOpen] = useState(false);
  const api = useMemo<ShellApi>(() => ({ openCreateTeam: () => setCreateOpen(true) }), []);
  useAppNavigation();
  useIgnoreStrayFileDrops();
  useAccountLanguage();
  useStreamerShortcut();
  useVoiceRemovalToasts();
  const backgroundImage = backgroundImageOf(useCustomBackground());
  const narrow = useMediaQuery('(max-width: 600px)');
  const leftSidebar = useLeftSidebar();
  const strip = narrow || !leftSidebar;
  return (
    <GatewayProvider live={liveEvents}>
      <ShellContext.Provider value={api}>
        <IdleReporter />
        <div
          className={`${styles.shell}${strip ? ` ${styles.strip}` : ''}${backgroundImage ? ` ${styles.customBackground}` : ''}`}
          style={backgroundImage ? { backgroundImage } : undefined}
        >
          <a className="skip-link" href="#main">
            {t('skipToContent')}
          </a>
          <Sidebar strip={strip} />
          <div className={styles.column}>
            <StreamerBanner />
            <DisconnectedBanner />
            <VerifyEmailBanner />
            <NotificationBanner />
            <main id="main" className={styles.main} tabIndex={-1}>
              <Suspense
                fallback={
                  <div className={styles.pending}>
                    <Spinner label={t('loading')} size="lg" />
                  </div>
                }
              >
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
        <CreateTeamDialog open={createOpen} onClose={() => setCreateOpen(false)} />
        <GlobalPrompts busy={createOpen} onCreateTeam={() => setCreateOpen(true)} />
      </ShellContext.Provider>
    </GatewayProvider>
  );
}
