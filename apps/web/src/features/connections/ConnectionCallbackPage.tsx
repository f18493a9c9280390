import { CONNECTION_PROVIDERS, type Connection, type ConnectionProvider } from '@rally/shared/api/connections';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../auth/queries';
import { SignInButtons } from '../invites/SignInButtons';
import { useFinishConnection } from './mutations';
import styles from './Connections.module.css';

const isProvider = (value: string | undefined): value is ConnectionProvider => CONNECTION_PROVIDERS.some((p) => p === value);

/**
 * /connections/{provider} (000 §2): where Kick or Twitch sends the tab that Connect opened. Only kick
 * and twitch exist (anything else goes home). It hands the code and state (or the provider's error)
 * to the server once and shows connecting, then success — the settings tab that started it follows
 * by itself, so this tab can be closed — or the error. A signed-out visitor is asked to log in first.
 */
export function ConnectionCallbackPage() {
  const { provider } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('connections');
  const me = useMe();
  const finish = useFinishConnection();
  const started = useRef(false);
  const valid = isProvider(provider);
  const name = valid ? t(`providers.${provider}`) : '';
  useDocumentTitle(valid ? t('callback.documentTitle', { provider: name }) : null);

  const state = search.get('state');
  const code = search.get('code') ?? undefined;
  const error = search.get('error') ?? undefined;
  const signedIn = Boolean(me.data);
  const { mutate } = finish;
  useEffect(() => {
    if (!valid || !signedIn || !state || started.current) return;
    started.current = true;
    mutate({ provider, query: { state, code, error } });
  }, [valid, signedIn, provider, state, code, error, mutate]);

  if (!valid) return <Navigate to="/" replace />;
  let body;
  if (me.isPending) body = <Spinner label={t('callback.connecting', { provider: name })} size="lg" />;
  else if (!signedIn)
    body = (
      <>
        <h1 className={styles.title}>{t('callback.signInTitle', { provider: name })}</h1>
        <p className={styles.text}>{t('callback.signIn')}</p>
        <SignInButtons logIn={t('callback.logIn')} register={t('callback.register')} back={`/connections/${provider}?${search.toString()}`} />
      </>
    );
  else if (!state) body = <Failure provider={name} message={t('errors:connection_state_invalid')} />;
  else if (finish.isSuccess) body = <Success provider={name} connection={finish.data} />;
  else if (finish.isError) body = <Failure provider={name} message={finish.error instanceof ApiError ? finish.error.message : t('failed')} />;
  else
    body = (
      <>
        <Spinner size="lg" />
        <h1 className={styles.title} role="status">
          {t('callback.connecting', { provider: name })}
        </h1>
      </>
    );

  return (
    <div className={styles.shell}>
      <section className={styles.result} aria-live="polite">
        <span className={`${styles.logo} ${styles[provider]}`} aria-hidden="true">
          {name.charAt(0)}
        </span>
        {body}
      </section>
    </div>
  );
}

function Success({ provider, connection }: { provider: string; connection: Connection }) {
  const { t } = useTranslation('connections');
  return (
    <>
      <h1 className={styles.title}>{t('callback.successTitle', { provider })}</h1>
      <p className={styles.text}>{t('callback.success', { provider, username: connection.username })}</p>
      <p className={styles.text}>{t('callback.closeTab')}</p>
      <Link className={styles.back} to="/">
        {t('callback.back')}
      </Link>
    </>
  );
}

function Failure({ provider, message }: { provider: string; message: string }) {
  const { t } = useTranslation('connections');
  return (
    <>
      <h1 className={styles.title}>{t('callback.errorTitle', { provider })}</h1>
      <p className={styles.error} role="alert">
        {message}
      </p>
      <Link className={styles.back} to="/">
        {t('callback.back')}
      </Link>
    </>
  );
}
