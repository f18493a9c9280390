import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@rally/shared/api/moderation';
import type { Team } from '@rally/shared/api/teams';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import fieldStyles from '../../components/ui/Field.module.css';
import { Avatar } from '../messages/Avatar';
import { useTeamChannels } from '../teams/channel-queries';
import { useTeamMembers } from '../teams/members-queries';
import { useTeamRoles } from '../teams/queries';
import styles from './AuditLogTab.module.css';
import { auditSentence, describeChange, hasDetails, isColour, userName, type AuditNames } from './audit-text';
import { useTeamAuditLog } from './queries';
import { fullTime, relativeTime } from './relative-time';
import listStyles from './TabList.module.css';
import { TabState } from './TabState';

/** The audit log tab (VIEW_AUDIT_LOG): the latest 50 entries as sentences, filterable by action, each expandable to its changes. */
export function AuditLogTab({ team }: { team: Team }) {
  const { t, i18n } = useTranslation('team-settings');
  const log = useTeamAuditLog(team.id);
  const channels = useTeamChannels(team.id);
  const roles = useTeamRoles(team.id);
  const members = useTeamMembers(team.id);
  const [filter, setFilter] = useState<AuditAction | ''>('');
  const filterId = useId();

  const memberList = members.data;
  const logData = log.data;
  const channelData = channels.data;
  const roleList = roles.data;
  const names = useMemo<AuditNames>(() => {
    const users = new Map<string, string>();
    for (const m of memberList ?? []) users.set(m.id, m.username);
    for (const u of logData?.users ?? []) users.set(u.id, u.username);
    return {
      user: (id) => users.get(id),
      channel: (id) => channelData?.channels.find((c) => c.id === id)?.name,
      category: (id) => channelData?.categories.find((c) => c.id === id)?.name,
      role: (id) => roleList?.find((r) => r.id === id)?.name,
      teamName: team.name,
    };
  }, [memberList, logData, channelData, roleList, team.name]);

  const entries = log.data?.entries ?? [];
  const present = AUDIT_ACTIONS.filter((a) => entries.some((e) => e.actionType === a));
  const shown = filter ? entries.filter((e) => e.actionType === filter) : entries;

  return (
    <div className={listStyles.tab}>
      <h2 className={listStyles.heading}>{t('auditLog.heading')}</h2>
      <p className={listStyles.description}>{t('auditLog.description')}</p>
      <TabState query={log} empty={entries.length === 0 ? t('auditLog.empty') : null}>
        <div className={listStyles.toolbar}>
          <div className={fieldStyles.field}>
            <label htmlFor={filterId} className="visually-hidden">
              {t('auditLog.filter')}
            </label>
            <select id={filterId} className={fieldStyles.select} value={filter} onChange={(e) => setFilter(e.target.value as AuditAction | '')}>
              <option value="">{t('auditLog.allActions')}</option>
              {present.map((a) => (
                <option key={a} value={a}>
                  {t(`audit.type.${a}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {shown.length === 0 ? (
          <div className={listStyles.state}>
            <p>{t('auditLog.noMatch')}</p>
          </div>
        ) : (
          <ul className={listStyles.list}>
            {shown.map((entry) => (
              <AuditRow key={entry.id} entry={entry} names={names} language={i18n.language} />
            ))}
          </ul>
        )}
      </TabState>
    </div>
  );
}

function AuditRow({ entry, names, language }: { entry: AuditEntry; names: AuditNames; language: string }) {
  const { t } = useTranslation('team-settings');
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const actor = userName(entry.userId, names, t);
  const details = hasDetails(entry);
  return (
    <li className={styles.entry}>
      <div className={styles.summary}>
        <Avatar id={entry.userId ?? '0'} name={actor} size={36} />
        <div className={styles.text}>
          <p className={styles.sentence}>
            <Emphasised text={auditSentence(entry, names, t)} name={actor} />
          </p>
          <time className={styles.time} dateTime={entry.createdAt} title={fullTime(entry.createdAt, language)}>
            {relativeTime(entry.createdAt, language)}
          </time>
        </div>
        {details && (
          <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
            <span className="visually-hidden">{open ? t('auditLog.hideChanges') : t('auditLog.showChanges')}</span>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className={open ? styles.open : undefined}>
              <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
      </div>
      {details && open && (
        <ul id={detailsId} className={styles.changes}>
          {entry.changes.map((change, i) => (
            <li key={`${change.key}-${change.id ?? i}`} className={styles.change}>
              {(isColour(change.old) || isColour(change.new)) && (
                <span className={styles.swatches} aria-hidden="true">
                  {isColour(change.old) && <span className={styles.swatch} style={{ background: change.old }} />}
                  {isColour(change.new) && <span className={styles.swatch} style={{ background: change.new }} />}
                </span>
              )}
              <span>{describeChange(change, entry, names, t)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The sentence with the actor's name in bold (where the language puts it). */
function Emphasised({ text, name }: { text: string; name: string }) {
  const at = text.indexOf(name);
  if (at === -1) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong className={styles.actor}>{name}</strong>
      {text.slice(at + name.length)}
    </>
  );
}
