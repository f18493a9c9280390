import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoiceParticipant } from '@rally/shared/api/voice';
import { useTeamMembers } from '../teams/members-queries';
import { Avatar } from '../messages/Avatar';
import styles from './Voice.module.css';

/** Who is in a voice channel: avatar, name, and muted / deafened / sharing marks (001 §3 participants). */
export function VoiceParticipants({
  teamId,
  participants,
  label,
  speaking = [],
  compact = false,
  action,
}: {
  teamId: string;
  participants: VoiceParticipant[];
  label: string;
  /** Who is heard speaking now, in the user's own call (a ring around their avatar). */
  speaking?: readonly string[];
  compact?: boolean;
  /** A control at the end of a participant's row (the moderators' Disconnect). */
  action?: (participant: VoiceParticipant, name: string) => ReactNode;
}) {
  const { t } = useTranslation('voice');
  const members = useTeamMembers(teamId).data;
  if (participants.length === 0) return null;
  return (
    <ul className={compact ? styles.compactList : styles.list} aria-label={label}>
      {participants.map((participant) => {
        const member = members?.find((m) => m.id === participant.userId);
        const name = member?.username ?? t('participant.unknown');
        const talking = speaking.includes(participant.userId);
        const marks = [
          talking && t('participant.speaking'),
          participant.muted && t('participant.muted'),
          participant.deafened && t('participant.deafened'),
          participant.sources.includes('screen') && t('participant.sharing'),
        ].filter(Boolean);
        return (
          <li key={participant.userId} className={styles.participant} data-speaking={talking || undefined}>
            <span className={styles.ring}>
              <Avatar id={participant.userId} name={name} src={member?.profilePicture ?? null} size={compact ? 20 : 32} />
            </span>
            <span className={styles.participantName}>{name}</span>
            {marks.length > 0 && <span className={styles.marks}>{marks.join(', ')}</span>}
            {action?.(participant, name)}
          </li>
        );
      })}
    </ul>
  );
}
