import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { asksForSecondFactor } from '../../lib/step-up';
import { useMeUser } from '../auth/queries';
import { useTwoFactorDisable } from './mutations';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';
import styles from './TwoFactor.module.css';

/**
 * Two-factor authentication in My account (000 §2, §4): off — Enable opens the setup (QR code,
 * code, backup codes); on — Disable, which asks for a code through the 2FA code dialog. An
 * unverified e-mail cannot turn it on (000 §6): the button is disabled and the reason shown.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('two-factor');
  const user = useMeUser();
  const headingId = useId();
  const hintId = useId();
  const [setupOpen, setSetupOpen] = useState(false);
  const disable = useTwoFactorDisable();
  const toast = useToast();
  if (!user) return null;

  const turnOff = () =>
    disable.mutate(undefined, {
      onSuccess: () => toast.show(t('section.disabled'), 'success'),
      // Cancelling the code dialog is no failure to report.
      onError: (err) => {
        if (!asksForSecondFactor(err)) toast.show(err instanceof ApiError ? err.message : t('section.failed'), 'error');
      },
    });

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionText}>
        <h4 id={headingId} className={styles.sectionTitle}>
          {t('section.title')}
        </h4>
        <p className={styles.status}>
          <span className={user.twoFA ? styles.on : styles.off}>{user.twoFA ? t('section.on') : t('section.off')}</span>
        </p>
        <p id={hintId} className={styles.hint}>
          {user.twoFA ? t('section.onHint') : user.verified ? t('section.offHint') : t('section.verifyFirst')}
        </p>
      </div>
      {user.twoFA ? (
        <Button variant="danger" size="sm" onClick={turnOff} loading={disable.isPending} aria-describedby={hintId}>
          {t('section.disable')}
        </Button>
      ) : (
        <Button size="sm" onClick={() => setSetupOpen(true)} disabled={!user.verified} aria-describedby={hintId}>
          {t('section.enable')}
        </Button>
      )}
      {setupOpen && <TwoFactorSetupDialog onClose={() => setSetupOpen(false)} />}
    </section>
  );
}
