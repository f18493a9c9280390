import { useTranslation } from 'react-i18next';
import { useTeamMembers } from '../teams/members-queries';
import { Avatar } from '../messages/Avatar';
import styles from './Voice.module.css';

/** How many of the others the voice bar shows by face (001 §2: up to 3 avatars, then +N). */
export const BAR_AVATARS = 3;

/**
 * The others in the call as the voice bar shows them (001 §2): the first three avatars, a speaking
 * ring on those heard now, then +N for the rest; the whole stack is one labelled image of who is
 * there (the names are in the channel's list).
 */
export function VoiceBarAvatars({ teamId, userIds, speaking }: { teamId: string; userIds: readonly string[]; speaking: readonly string[] }) {
  const { t } = useTranslation('voice');
  const members = useTeamMembers(teamId).data;
  if (userIds.length === 0) return null;
  const nameOf = (id: string) => members?.find((m) => m.id === id)?.username ?? t('participant.unknown');
  const shown = userIds.slice(0, BAR_AVATARS);
  const more = userIds.length - shown.length;
  return (
    <span className={styles.barAvatars} role="img" aria-label={t('bar.inCall', { names: userIds.map(nameOf).join(', ') })}>
      {shown.map((id) => (
        <span key={id} className={styles.ring} data-speaking={speaking.includes(id) || undefined} aria-hidden="true">
          <Avatar id={id} name={nameOf(id)} src={members?.find((m) => m.id === id)?.profilePicture ?? null} size={20} />
        </span>
      ))}
      {more > 0 && (
        <span className={styles.barMore} aria-hidden="true">
          +{more}
        </span>
      )}
    </span>
  );
}
