import type { Category, Channel, Team } from '@rally/shared/api/teams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChannelIcon } from './ChannelIcon';
import styles from './ChannelSidebar.module.css';

interface Props {
  team: Team;
  channels: Channel[];
  categories: Category[];
  activeChannelId: string | undefined;
  onInvite: () => void;
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
export function ChannelSidebar({ team, channels, categories, activeChannelId, onInvite }: Props) {
  const { t } = useTranslation('teams-page');
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

  const renderChannel = (channel: Channel) => {
    const active = channel.id === activeChannelId;
    if (channel.type === 'text') {
      return (
        <li key={channel.id}>
          <Link
            to={`/teams/${team.id}/channels/${channel.id}`}
            className={`${styles.channel}${active ? ` ${styles.active}` : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <ChannelIcon type={channel.type} />
            <span className={styles.channelName}>{channel.name}</span>
          </Link>
        </li>
      );
    }
    // Other channel types come with later issues: listed with their icon, not openable yet.
    return (
      <li key={channel.id}>
        <span className={`${styles.channel} ${styles.inert}`} aria-disabled="true">
          <ChannelIcon type={channel.type} />
          <span className={styles.channelName}>{channel.name}</span>
          <span className="visually-hidden"> ({t(`channelType.${channel.type}`)})</span>
          {channel.type === 'voice' && <span className={styles.beta}>{t('beta')}</span>}
        </span>
      </li>
    );
  };

  return (
    <div className={styles.sidebar}>
      <header className={styles.header}>
        <h1 className={styles.teamName} title={team.name}>
          {team.name}
        </h1>
        <button type="button" className={styles.inviteButton} onClick={onInvite} title={t('inviteHint')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M15 19c0-2.8-2.7-5-6-5s-6 2.2-6 5M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM19 8v6M16 11h6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.9"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">{t('invite')}</span>
        </button>
      </header>
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
