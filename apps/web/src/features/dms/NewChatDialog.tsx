import { LIMITS } from '@rally/shared/limits';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { friendLists } from '../friends/friend-lists';
import { useFriends } from '../friends/queries';
import { useOpenDm } from './mutations';
import styles from './NewChatDialog.module.css';

/** People a chat may hold besides its creator (001 §9 group chats: Discord's 10 with the creator). */
const MAX_PICKED = LIMITS.dm.groupMembers - 1;

/**
 * Start a chat with friends: one picked opens the chat of the two of you (the existing one, if
 * any); several make a group chat (up to 9 besides you). A name filter narrows the list; at the
 * limit the other names are disabled. The new chat opens at once.
 */
export function NewChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dms');
  const me = useMeUser();
  const friends = useFriends(open);
  const openDm = useOpenDm();
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const all = useMemo(() => (me && friends.data ? friendLists(friends.data, me.id).all : []), [friends.data, me]);
  const shown = all.filter((f) => f.user.username.toLowerCase().includes(filter.trim().toLowerCase()));
  const full = picked.length >= MAX_PICKED;

  const close = () => {
    setFilter('');
    setPicked([]);
    openDm.reset();
    onClose();
  };
  const toggle = (id: string) => setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id]));
  const create = () =>
    openDm.mutate(picked, {
      onSuccess: (dm) => {
        close();
        void navigate(`/chat/${dm.id}`);
      },
    });

  return (
    <Dialog open={open} onClose={close} title={t('newChat.title')} description={t('newChat.description', { max: MAX_PICKED })}>
      <TextField
        label={t('newChat.filter')}
        hideLabel
        placeholder={t('newChat.filter')}
        type="search"
        autoComplete="off"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <p className={styles.count} aria-live="polite">
        {t('newChat.picked', { count: picked.length, max: MAX_PICKED })}
      </p>
      {friends.isPending ? (
        <p className={styles.note}>{t('loading')}</p>
      ) : all.length === 0 ? (
        <p className={styles.note}>{t('newChat.noFriends')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('newChat.friends')}>
          {shown.map((f) => (
            <li key={f.user.id}>
              <CheckboxField
                label={f.user.username}
                checked={picked.includes(f.user.id)}
                disabled={full && !picked.includes(f.user.id)}
                onChange={() => toggle(f.user.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {openDm.error && (
        <p className={styles.error} role="alert">
          {openDm.error instanceof ApiError ? openDm.error.message : t('error')}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={close}>
          {t('newChat.cancel')}
        </Button>
        <Button onClick={create} disabled={picked.length === 0 || openDm.isPending}>
          {picked.length > 1 ? t('newChat.createGroup') : t('newChat.create')}
        </Button>
      </div>
    </Dialog>
  );
}
