import { TOUR_STEPS, type TourState, type TourStep } from '@rally/shared/api/onboarding';
import { useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormError } from '../../components/ui/FormError';
import styles from './Onboarding.module.css';
import { useUpdateTour } from './mutations';

/**
 * The app tour (000 §2: create team, invite friend), which also tells a new user their @handle (the
 * name friends add them by, made from the name they signed up with): one step at a time, each leading to the real
 * action (the create-team dialog, the friend-invite link) or skipped; progress is kept on the
 * account (POST /api/v1/me/tour), so a step done on one device is not asked on another.
 * Escape closes it for this visit only; "Skip the tour" ends it for good.
 */
export function AppTourDialog({
  state,
  handle,
  onAction,
  onDismiss,
}: {
  state: TourState;
  /** The user's @handle (slug), told here so that they can give it to friends. */
  handle: string;
  onAction: (step: TourStep) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const tour = useUpdateTour();
  const primary = useRef<HTMLButtonElement>(null);
  // The first step without a status (the account's user is replaced after each answer, so the next one follows).
  const step = TOUR_STEPS.find((s) => !state[s]) ?? TOUR_STEPS[TOUR_STEPS.length - 1]!;
  const index = TOUR_STEPS.indexOf(step);

  const record = (status: 'done' | 'skipped') => {
    tour.mutate({ step, status }, { onSuccess: () => status === 'done' && onAction(step) });
  };

  return (
    <Dialog open onClose={onDismiss} title={t('tour.title')} description={t('tour.description')} closeOnBackdrop={false} size="lg" initialFocusRef={primary}>
      <div className={styles.form}>
        <p className={styles.handle}>
          <Trans t={t} i18nKey="tour.handle" values={{ handle }} components={{ strong: <strong /> }} />
        </p>
        <ol className={styles.steps} aria-label={t('tour.progress', { current: index + 1, total: TOUR_STEPS.length })}>
          {TOUR_STEPS.map((s, i) => (
            <li key={s} className={s === step ? styles.currentStep : styles.step} aria-current={s === step ? 'step' : undefined}>
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              {t(`tour.steps.${s}.name`)}
            </li>
          ))}
        </ol>
        <section className={styles.stepBody} aria-live="polite">
          <h3 className={styles.stepTitle}>{t(`tour.steps.${step}.title`)}</h3>
          <p className={styles.text}>{t(`tour.steps.${step}.text`)}</p>
        </section>
        <FormError message={tour.error?.message} />
        <div className={styles.actions}>
          <Button variant="ghost" className={styles.leading} onClick={() => tour.mutate({ step: 'tour', status: 'skipped' })} disabled={tour.isPending}>
            {t('tour.skipAll')}
          </Button>
          <Button variant="secondary" onClick={() => record('skipped')} disabled={tour.isPending}>
            {t('tour.skipStep')}
          </Button>
          <Button ref={primary} onClick={() => record('done')} loading={tour.isPending}>
            {t(`tour.steps.${step}.action`)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
