import type { DirectChat } from '@rally/shared/api/dms';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { MobilePanels, type PanelId } from '../../components/layout/MobilePanels';
import { useMeUser } from '../auth/queries';
import { BlockButton } from '../friends/BlockButton';
import { useIsBlocked } from '../friends/queries';
import { useUnblock } from '../friends/use-unblock';
import { Avatar } from '../messages/Avatar';
import { ChatView } from '../messages/ChatView';
import { ComposerNotice } from '../messages/ComposerNotice';
import { PresenceDot } from '../presence/PresenceDot';
import { dmName, dmPlaceName } from './dm-names';
import { DmList } from './DmList';
import { useDms } from './queries';
import styles from './DmPage.module.css';
import { CardBadges } from '../members/ProfileCardSections';
import { SearchBox } from '../search/SearchBox';
import { PinsButton } from '../pins/PinsButton';

/**
 * /chat and /chat/:channelId (001 §2): the direct chats beside the open one. On screens up to
 * 768 px one pane at a time (Chats, Chat), switched by the bottom bar or a swipe; opening a chat
 * shows it. A chat that is not in the list (hidden, or not the user's) sends back to /chat.
 */
export function DmPage() {
  const { channelId } = useParams();
  const { t } = useTranslation(['dms', 'common']);
  const dms = useDms();
  const dm = channelId ? dms.data?.find((d) => d.id === channelId) : undefined;
  const [panel, setPanel] = useState<PanelId>(channelId ? 'content' : 'list');
  const [panelFor, setPanelFor] = useState(channelId);
  if (panelFor !== channelId) {
    setPanelFor(channelId);
    setPanel(channelId ? 'content' : 'list');
  }

  useEffect(() => {
    document.title = dm ? `${dmName(dm)} | Rally` : `${t('title')} | Rally`;
  }, [dm, t]);

  if (channelId && dms.data && !dm) return <Navigate to="/chat" replace />;

  const content = dm ? (
    <DmChat key={dm.id} dm={dm} />
  ) : (
    <div className={styles.none}>
      <p>{channelId ? t('loadingChat') : t('pick')}</p>
    </div>
  );
  return (
    <MobilePanels
      list={<DmList activeId={channelId} />}
      content={<div className={styles.content}>{content}</div>}
      active={panel}
      onActiveChange={setPanel}
      labels={{ list: t('common:panels.chats') }}
    />
  );
}

/**
 * One chat: its header (who, their presence and @handle, Block or Unblock in a chat of two) and its
 * conversation; a read-only chat, or one with a person the reader blocked, has no composer.
 */
function DmChat({ dm }: { dm: DirectChat }) {
  const { t } = useTranslation('dms');
  const me = useMeUser();
  const other = dm.group ? undefined : dm.users[0];
  const blocked = useIsBlocked(other?.id ?? '');
  const people = useMemo(() => (me ? [...dm.users, { id: me.id, username: me.username }] : dm.users), [dm.users, me]);
  const replacement = dm.readOnly ? (
    <ComposerNotice>{t('readOnly')}</ComposerNotice>
  ) : other && blocked ? (
    <UnblockPrompt userId={other.id} name={other.username} />
  ) : undefined;
  return (
    <>
      <header className={styles.header}>
        <span className={styles.avatar}>
          {dm.users[0] && <Avatar id={dm.users[0].id} name={dm.users[0].username} size={28} src={dm.users[0].profilePicture} />}
          {other && <PresenceDot presence={other.presence} />}
        </span>
        <h2 className={styles.name}>{dmName(dm)}</h2>
        {other && <CardBadges user={other} />}
        {other && (
          <span className={styles.slug} title={t('handleHint')}>
            <span className="visually-hidden">{t('handle')}: </span>@{other.slug}
          </span>
        )}
        <SearchBox scope={{ channelId: dm.id, people }} />
        <PinsButton teamId={null} channelId={dm.id} />
        {other && !dm.readOnly && <BlockButton user={other} compact />}
      </header>
      <ChatView teamId={null} channelId={dm.id} place={{ kind: 'dm', name: dmPlaceName(dm) }} chatPeople={people} composerReplacement={replacement} />
    </>
  );
}

/** In place of the composer in a chat with someone the reader blocked (001 §6): unblock to write again. */
function UnblockPrompt({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('dms');
  const { unblock, pending } = useUnblock();
  return (
    <ComposerNotice>
      <span>{t('blockedPrompt', { name })}</span>
      <button type="button" className={styles.unblock} disabled={pending} onClick={() => unblock({ id: userId, username: name })}>
        {t('blocked.unblock')}
      </button>
    </ComposerNotice>
  );
}
