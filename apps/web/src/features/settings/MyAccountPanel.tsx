import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeUser } from '../auth/queries';
import { Avatar } from '../messages/Avatar';
import { maskEmail } from './mask-email';
import styles from './SettingsPanels.module.css';

/**
 * My account (000 §2 profile): the user's banner, avatar, username and @slug, and the account's
 * fields, read-only here: the e-mail shows masked (unmasking asks for the password).
 */
export function MyAccountPanel() {
  const { t } = useTranslation('settings');
  const user = useMeUser();
  const headingId = useId();
  if (!user) return null;
  const fields = [
    { id: 'username', label: t('account.username'), value: user.username },
    { id: 'slug', label: t('account.slug'), value: `@${user.slug}` },
    { id: 'email', label: t('account.email'), value: maskEmail(user.email), hint: t('account.emailMasked') },
  ];
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('tabs.account')}
      </h3>
      <div className={styles.card}>
        <div className={styles.banner}>{user.banner && <img src={user.banner} alt="" className={styles.bannerImg} />}</div>
        <div className={styles.identity}>
          <span className={styles.avatar}>
            {user.profilePicture ? (
              <img src={user.profilePicture} alt="" className={styles.avatarImg} />
            ) : (
              <Avatar id={user.id} name={user.username} size={70} />
            )}
          </span>
          <div className={styles.names}>
            <p className={styles.name}>{user.username}</p>
            <p className={styles.slug}>@{user.slug}</p>
          </div>
        </div>
        <dl className={styles.fields}>
          {fields.map((field) => (
            <div key={field.id} className={styles.field}>
              <dt className={styles.fieldLabel}>{field.label}</dt>
              <dd className={styles.fieldValue}>
                {field.value}
                {field.hint && <span className={styles.fieldHint}>{field.hint}</span>}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
