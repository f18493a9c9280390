import { DEFAULT_USER_SETTINGS, type UserSettings } from '@rally/shared/api/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useMe } from '../auth/queries';
import { useUpdatePrivacy } from './mutations';
import { useShownWhileSaving } from './use-shown-while-saving';
import styles from './SettingsPanels.module.css';

type Privacy = UserSettings['privacy'];

/** The two audiences of 000 §3 and their choices, in the spec's order. */
const AUDIENCES = {
  friendRequests: ['everyone', 'fof', 'noone'],
  directMessages: ['everyone', 'fof', 'friends'],
} as const satisfies { [K in keyof Privacy]: readonly Privacy[K][] };

/**
 * Privacy (000 §3): who may send the user friend requests (everyone, friends of friends, no one)
 * and direct messages (everyone, friends of friends, friends). A choice is saved as it is made; a
 * refusal puts the previous one back and shows the server's message.
 */
export function PrivacyPanel() {
  const { t } = useTranslation('settings');
  const saved = useMe().data?.settings.privacy ?? DEFAULT_USER_SETTINGS.privacy;
  const { shown: privacy, hold, release } = useShownWhileSaving(saved);
  const update = useUpdatePrivacy();
  const toast = useToast();
  const headingId = useId();

  const choose = (change: Partial<Privacy>) => {
    hold(change);
    update.mutate(change, {
      onError: (err) => toast.show(err instanceof ApiError ? err.message : t('saveFailed'), 'error'),
      onSettled: release,
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('tabs.privacy')}
      </h3>
      <p className={styles.intro}>{t('privacy.intro')}</p>
      {(Object.keys(AUDIENCES) as (keyof Privacy)[]).map((audience) => (
        <fieldset key={audience} className={styles.choices}>
          <legend className={styles.legend}>{t(`privacy.${audience}.legend`)}</legend>
          {AUDIENCES[audience].map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                className={styles.radio}
                name={`${headingId}-${audience}`}
                value={value}
                checked={privacy[audience] === value}
                onChange={() => choose({ [audience]: value })}
              />
              <span className={styles.choiceText}>
                <span className={styles.choiceName}>{t(`privacy.${audience}.${value}`)}</span>
                <span className={styles.choiceHint}>{t(`privacy.${audience}.${value}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
    </section>
  );
}
