import type { SelfUser } from '@rally/shared/api/users';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { maskEmail } from '../settings/mask-email';
import { HIDDEN_TEXT, useStreamerHides } from '../streamer-mode/streamer-mode';
import styles from './Account.module.css';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { RevealEmailDialog } from './RevealEmailDialog';
import { SlugDialog } from './SlugDialog';
import { UsernameDialog } from './UsernameDialog';

type DialogName = 'username' | 'slug' | 'reveal' | 'email' | 'password';

function Row({ label, children, actions }: { label: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
      <dd className={styles.actions}>{actions}</dd>
    </div>
  );
}

/**
 * The account's fields in My account (000 §2 profile): username, slug, e-mail (masked until the
 * password reveals it; unverified ones say so) and password, each with its edit dialog.
 */
export function AccountFields({ user }: { user: SelfUser }) {
  const { t } = useTranslation(['account', 'streamer-mode']);
  // Streamer mode's personal info: the address is hidden whole, with no way to reveal it on stream.
  const hidden = useStreamerHides().personalInfo;
  const [dialog, setDialog] = useState<DialogName | null>(null);
  // The revealed address, for the address it was revealed for (a change masks it again).
  const [revealed, setRevealed] = useState<string | null>(null);
  const shown = !hidden && revealed !== null && revealed.toLowerCase() === user.email.toLowerCase();
  const close = () => setDialog(null);
  // The name says what is edited; it starts with the visible word (WCAG 2.5.3).
  const edit = (name: DialogName, text = t('edit')) => (
    <Button variant="secondary" size="sm" onClick={() => setDialog(name)} aria-label={t(`actions.${name}`)}>
      {text}
    </Button>
  );
  return (
    <>
      <dl className={styles.fields}>
        <Row label={t('fields.username')} actions={edit('username')}>
          {user.username}
        </Row>
        <Row label={t('fields.slug')} actions={edit('slug')}>
          @{user.slug}
          <span className={styles.hint}>{t('fields.slugHint')}</span>
        </Row>
        <Row
          label={t('fields.email')}
          actions={
            <>
              {hidden ? null : shown ? (
                <Button variant="ghost" size="sm" onClick={() => setRevealed(null)}>
                  {t('reveal.hide')}
                </Button>
              ) : (
                edit('reveal', t('reveal.button'))
              )}
              {edit('email', t('change'))}
            </>
          }
        >
          {hidden ? HIDDEN_TEXT : shown ? user.email : maskEmail(user.email)}
          {!user.verified && <span className={styles.unverified}>{t('unverified')}</span>}
          {!shown && <span className={styles.hint}>{hidden ? t('streamer-mode:hidden.email') : t('reveal.hint')}</span>}
        </Row>
        <Row label={t('fields.password')} actions={edit('password', t('password.button'))}>
          <span aria-hidden="true">••••••••</span>
          <span className="visually-hidden">{t('password.hidden')}</span>
        </Row>
      </dl>
      <UsernameDialog key={user.username} open={dialog === 'username'} onClose={close} userId={user.id} username={user.username} />
      <SlugDialog key={user.slug} open={dialog === 'slug'} onClose={close} slug={user.slug} />
      <RevealEmailDialog open={dialog === 'reveal'} onClose={close} onRevealed={setRevealed} />
      <ChangeEmailDialog open={dialog === 'email'} onClose={close} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={close} />
    </>
  );
}
