import { CONNECTION_PROVIDERS, type ConnectionProvider } from '@rally/shared/api/connections';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useConnectionSetup, useDisconnect } from './mutations';
import { useConnections } from './queries';
import panelStyles from '../settings/SettingsPanels.module.css';
import styles from './Connections.module.css';

/**
 * Connections (000 §2, §7): a card for Kick and one for Twitch. Connect asks the server for the
 * provider's authorisation URL and opens it in a new tab (opened at the click, so that no popup
 * blocker stops it, and pointed at the URL once it is known); the provider sends that tab back to
 * /connections/{provider}, which finishes the link, and this list follows (CONNECTIONS_UPDATED).
 */
export function ConnectionsPanel() {
  const { t } = useTranslation('connections');
  const headingId = useId();
  const connections = useConnections();
  const setup = useConnectionSetup();
  const disconnect = useDisconnect();
  const toast = useToast();
  const failed = (err: unknown) => toast.show(err instanceof ApiError ? err.message : t('failed'), 'error');
  /** Each card's button: Disconnect becomes Connect in place, and keeps the keyboard focus. */
  const buttons = useRef(new Map<ConnectionProvider, HTMLButtonElement>());
  const refocus = (provider: ConnectionProvider) => requestAnimationFrame(() => buttons.current.get(provider)?.focus());

  const connect = (provider: ConnectionProvider) => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setup.mutate(provider, {
      onSuccess: (url) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: (err) => {
        tab?.close();
        failed(err);
      },
    });
  };

  return (
    <section className={panelStyles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={panelStyles.heading}>
        {t('title')}
      </h3>
      <p className={panelStyles.intro}>{t('intro')}</p>
      {connections.isPending ? (
        <Spinner label={t('loading')} />
      ) : connections.isError ? (
        <p className={panelStyles.intro} role="alert">
          {connections.error instanceof ApiError ? connections.error.message : t('failed')}
        </p>
      ) : (
        <ul className={styles.list}>
          {CONNECTION_PROVIDERS.map((provider) => {
            const linked = connections.data.find((c) => c.provider === provider);
            const name = t(`providers.${provider}`);
            return (
              <li key={provider} className={styles.card} aria-label={name}>
                <span className={`${styles.logo} ${styles[provider]}`} aria-hidden="true">
                  {name.charAt(0)}
                </span>
                <span className={styles.details}>
                  <span className={styles.provider}>{name}</span>
                  <span className={styles.status}>{linked ? t('connectedAs', { username: linked.username }) : t('notConnected')}</span>
                </span>
                {linked ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={disconnect.isPending && disconnect.variables === provider}
                    aria-label={t('disconnectLabel', { provider: name })}
                    ref={(node) => void (node ? buttons.current.set(provider, node) : buttons.current.delete(provider))}
                    onClick={() => disconnect.mutate(provider, { onError: failed, onSettled: () => refocus(provider) })}
                  >
                    {t('disconnect')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    loading={setup.isPending && setup.variables === provider}
                    aria-label={t('connectLabel', { provider: name })}
                    ref={(node) => void (node ? buttons.current.set(provider, node) : buttons.current.delete(provider))}
                    onClick={() => connect(provider)}
                  >
                    {t('connect')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className={panelStyles.hint}>{t('privacyNote')}</p>
    </section>
  );
}
