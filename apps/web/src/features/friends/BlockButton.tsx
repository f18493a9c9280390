import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useMeUser } from '../auth/queries';
import { BlockUserDialog, type BlockTarget } from './BlockUserDialog';
import { useIsBlocked } from './queries';
import styles from './BlockButton.module.css';
import { useUnblock } from './use-unblock';

export interface BlockButtonProps {
  user: BlockTarget & { system: boolean };
  /**
   * Ask before blocking here (the default), or hand the question to the caller: a popover that
   * closes on a click outside it cannot hold a dialog (the profile card opens its team's).
   */
  onBlock?: (user: BlockTarget) => void;
  /** Only the icon on a phone (a chat's header, where the name needs the room). */
  compact?: boolean;
}

/** A circle struck through: blocked. */
const blockIcon = (
  <svg className={styles.icon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M6 6l12 12" stroke="currentColor" strokeWidth="2" />
  </svg>
);

/**
 * Block (after the friends list's question) or Unblock this user, following the blocked list live
 * (USER_BLOCKED / USER_UNBLOCKED). Nothing for oneself or a system account (001 §6).
 */
export function BlockButton({ user, onBlock, compact = false }: BlockButtonProps) {
  const { t } = useTranslation('friends');
  const me = useMeUser();
  const blocked = useIsBlocked(user.id);
  const { unblock, pending } = useUnblock();
  const [asking, setAsking] = useState(false);
  if (!me || me.id === user.id || user.system) return null;
  const target = { id: user.id, username: user.username };
  const className = `${styles.button} ${compact ? styles.compact : ''}`;
  const label = (text: string) => (
    <>
      {compact && blockIcon}
      <span className={styles.text}>{text}</span>
    </>
  );
  if (blocked)
    return (
      <Button
        size="sm"
        variant="secondary"
        className={className}
        loading={pending}
        onClick={() => unblock(target)}
        aria-label={t('actions.unblockLabel', { name: user.username })}
      >
        {label(t('actions.unblock'))}
      </Button>
    );
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className={className}
        onClick={() => (onBlock ? onBlock(target) : setAsking(true))}
        aria-label={t('actions.blockLabel', { name: user.username })}
      >
        {label(t('actions.block'))}
      </Button>
      {asking && <BlockUserDialog user={target} onClose={() => setAsking(false)} />}
    </>
  );
}
