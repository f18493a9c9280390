import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/ui/FormError';
import { Spinner } from '../../components/ui/Spinner';
import { useLatest } from '../../lib/use-latest';
import styles from './AuthForms.module.css';

let loading: Promise<unknown> | null = null;
/** The widget's code (web component with inline proof-of-work workers) and its Turkish strings. */
function loadAltcha(): Promise<unknown> {
  loading ??= import('altcha').then(() => import('altcha/i18n/tr'));
  return loading;
}

export interface AltchaWidgetProps {
  /** Receives the verified payload (the captchaToken), or null while unverified, expired or failed. */
  onChange: (token: string | null) => void;
  /** Change the number to reset the widget (a payload is single-use: reset after every failed submit). */
  resetSignal?: number;
  /** Accessible description id for the widget group. */
  describedBy?: string;
}

/**
 * Self-hosted ALTCHA proof-of-work captcha. The challenge comes from our server
 * (GET /api/v1/captcha); solving runs in web workers inside the page, so it needs no other network.
 */
export function AltchaWidget({ onChange, resetSignal = 0, describedBy }: AltchaWidgetProps) {
  const { t, i18n } = useTranslation('auth');
  const [ready, setReady] = useState(() => typeof customElements !== 'undefined' && !!customElements.get('altcha-widget'));
  const [failed, setFailed] = useState(false);
  const ref = useRef<AltchaWidgetElement | null>(null);
  const onChangeRef = useLatest(onChange);

  useEffect(() => {
    if (ready) return;
    let alive = true;
    loadAltcha().then(
      () => alive && setReady(true),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [ready]);

  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    const onVerified = (e: Event) => {
      const payload = (e as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) onChangeRef.current(payload);
    };
    el.addEventListener('statechange', onState);
    el.addEventListener('verified', onVerified);
    return () => {
      el.removeEventListener('statechange', onState);
      el.removeEventListener('verified', onVerified);
    };
  }, [ready, onChangeRef]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChangeRef.current(null);
    ref.current?.reset?.();
  }, [resetSignal, onChangeRef]);

  if (failed) return <FormError message={t('errors:network')} />;
  if (!ready) return <Spinner label={t('captcha.loading')} />;
  return (
    <div className={styles.captcha} aria-describedby={describedBy}>
      <altcha-widget ref={ref} challenge="/api/v1/captcha" language={i18n.resolvedLanguage === 'tr' ? 'tr' : 'en'} name="captchaToken" />
    </div>
  );
}
