import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFields } from '../account/AccountFields';
import { DeleteAccountSection } from '../account/DeleteAccountSection';
import { useMeUser } from '../auth/queries';
import { TwoFactorSection } from '../two-factor/TwoFactorSection';
import { ProfileImagesEditor } from '../profile-images/ProfileImagesEditor';
import styles from './SettingsPanels.module.css';

/**
 * My account (000 §2 profile): the user's banner, avatar, username and @slug, the account's fields
 * with their edit dialogs (features/account: the e-mail masked until the password reveals it), and
 * account deletion.
 */
export function MyAccountPanel() {
  const { t } = useTranslation('settings');
  const user = useMeUser();
  const headingId = useId();
  if (!user) return null;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('tabs.account')}
      </h3>
      <div className={styles.card}>
        <ProfileImagesEditor user={user} />
        <AccountFields user={user} />
      </div>
      <TwoFactorSection />
      <DeleteAccountSection />
    </section>
  );
}
