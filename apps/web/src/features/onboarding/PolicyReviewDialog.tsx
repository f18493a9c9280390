import { POLICY_EFFECTIVE_DATE } from '@rally/shared/api/onboarding';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import styles from './Onboarding.module.css';
import { useAcceptPolicy } from './mutations';

/** The effective date in the UI language ("29 March 2025", "29 Mart 2025"). */
export function effectiveDate(locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${POLICY_EFFECTIVE_DATE}T00:00:00Z`),
  );
}

/**
 * The policy review (000 §3 privateFlags bit 0): the terms and privacy policy that took effect on
 * 29 March 2025, linked; Accept clears the flag. It cannot be dismissed (signing out is the way out).
 */
export function PolicyReviewDialog({ onSignOut }: { onSignOut: () => void }) {
  const { t, i18n } = useTranslation('onboarding');
  const accept = useAcceptPolicy();
  return (
    <Dialog open onClose={() => {}} dismissible={false} title={t('policy.title')} closeOnBackdrop={false} size="sm">
      <div className={styles.form}>
        <p className={styles.text}>{t('policy.text', { date: effectiveDate(i18n.resolvedLanguage ?? 'en') })}</p>
        <p className={styles.text}>
          <Trans
            t={t}
            i18nKey="policy.links"
            components={{
              tos: <a href="/tos" target="_blank" rel="noreferrer" />,
              privacy: <a href="/privacy" target="_blank" rel="noreferrer" />,
            }}
          />
        </p>
        <FormError message={accept.error?.message} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onSignOut}>
            {t('signOut')}
          </Button>
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            {t('policy.accept')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
