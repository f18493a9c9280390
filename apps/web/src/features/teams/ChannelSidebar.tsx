import type { Category, Channel, Team } from '@rally/shared/api/teams';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTeamAccess } from './access';
import { ChannelIcon } from './ChannelIcon';
import styles from './ChannelSidebar.module.css';
import type { TeamActions } from './team-actions';
import { TeamHeader } from './TeamHeader';

interface Props {
  team: Team;
  channels: Channel[];
  categories: Category[];
  activeChannelId: string | undefined;
  open: TeamActions;
}

const COLLAPSED_KEY = 'collapsedCategories';

function readCollapsed(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch (err) {
    console.warn('collapsedCategories: ignoring bad stored value', err);
    return [];
  }
}

const byPriority = <T extends { priority: number; id: string }>(a: T, b: T) => a.priority - b.priority || a.id.length - b.id.length || (a.id < b.id ? -1 : 1);

/** The team's column: name with the invite button, then channels without a category and the categories with theirs. */
export function ChannelSidebar({ team, channels, categories, activeChannelId, open }: Props) {
  const { t } = useTranslation('teams-page');
  const access = useTeamAccess(team);
  const canCreate = access.can(TeamPermission.MANAGE_CHANNELS);
  const [collapsed, setCollapsed] = useState<string[]>(readCollapsed);

  const toggle = (id: string) => {
    setCollapsed((prev) => {
      const next = prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id];
      try {
        localStorage.setItem(COLLAPSED_KEY, JSON.stringify(next));
      } catch {
        // not worth reporting
      }
      return next;
    });
  };

  const categoryIds = new Set(categories.map((c) => c.id));
  const loose = channels.filter((c) => !c.parentId || !categoryIds.has(c.parentId)).sort(byPriority);
  const sortedCategories = [...categories].sort(byPriority);

  /** The gear that opens a channel's settings, for a member who may manage it. */
  const settingsButton = (channel: Channel) =>
    access.canOnChannel(channel, ChannelPermission.MANAGE_CHANNEL) && (
      <button
        type="button"
        className={styles.rowButton}
        onClick={() => open({ kind: 'channelSettings', channelId: channel.id })}
        aria-label={t('channelSettingsOf', { name: channel.name })}
        title={t('channelSettings')}
      >
        <GearIcon />
      </button>
    );

  const renderChannel = (channel: Channel) => {
    const active = channel.id === activeChannelId;
    if (channel.type === 'text') {
      return (
        <li key={channel.id} className={styles.row}>
          <Link
            to={`/teams/${team.id}/channels/${channel.id}`}
            className={`${styles.channel}${active ? ` ${styles.active}` : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <ChannelIcon type={channel.type} />
            <span className={styles.channelName}>{channel.name}</span>
          </Link>
          {settingsButton(channel)}
        </li>
      );
    }
    // Other channel types come with later issues: listed with their icon, not openable yet.
    return (
      <li key={channel.id} className={styles.row}>
        <span className={`${styles.channel} ${styles.inert}`} aria-disabled="true">
          <ChannelIcon type={channel.type} />
          <span className={styles.channelName}>{channel.name}</span>
          <span className="visually-hidden"> ({t(`channelType.${channel.type}`)})</span>
          {channel.type === 'voice' && <span className={styles.beta}>{t('beta')}</span>}
        </span>
        {settingsButton(channel)}
      </li>
    );
  };

  return (
    <div className={styles.sidebar}>
      <TeamHeader team={team} open={open} />
      <nav className={styles.nav} aria-label={t('channels')}>
        {loose.length > 0 && <ul className={styles.list}>{loose.map(renderChannel)}</ul>}
        {sortedCategories.map((category) => {
          const inCategory = channels.filter((c) => c.parentId === category.id).sort(byPriority);
          const isCollapsed = collapsed.includes(category.id);
          const listId = `category-${category.id}`;
          return (
            <section key={category.id} className={styles.category} aria-label={category.name}>
              <h3 className={styles.categoryHeading}>
                <button type="button" className={styles.categoryToggle} aria-expanded={!isCollapsed} aria-controls={listId} onClick={() => toggle(category.id)}>
                  <svg
                    viewBox="0 0 24 24"
                    width="12"
                    height="12"
                    aria-hidden="true"
                    focusable="false"
                    className={isCollapsed ? styles.chevronCollapsed : styles.chevron}
                  >
                    <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  <span>{category.name}</span>
                </button>
                {canCreate && (
                  <button
                    type="button"
                    className={styles.rowButton}
                    onClick={() => open({ kind: 'createChannel', categoryId: category.id })}
                    aria-label={t('createChannelIn', { name: category.name })}
                    title={t('createChannel')}
                  >
                    <PlusIcon />
                  </button>
                )}
                {access.canOnChannel({ type: 'category', permissions: category.permissions, parentId: null }, ChannelPermission.MANAGE_CHANNEL) && (
                  <button
                    type="button"
                    className={styles.rowButton}
                    onClick={() => open({ kind: 'categorySettings', categoryId: category.id })}
                    aria-label={t('categorySettingsOf', { name: category.name })}
                    title={t('categorySettings')}
                  >
                    <GearIcon />
                  </button>
                )}
              </h3>
              <ul id={listId} className={styles.list} hidden={isCollapsed}>
                {inCategory.map(renderChannel)}
              </ul>
            </section>
          );
        })}
        {channels.length === 0 && <p className={styles.empty}>{t('noChannels')}</p>}
      </nav>
    </div>
  );
}

function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1l.4 2.7h4l.4-2.7c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5L19.4 13ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z"
        transform="translate(-1 0)"
      />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
