import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel, Team } from '@rally/shared/api/teams';
import { ChannelPermission, TeamPermission } from '@rally/shared/permissions';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/toast-context';
import { useMeUser } from '../auth/queries';
import { useTeamAccess } from '../teams/access';
import { MoveMemberMenu } from './MoveMemberMenu';
import { useDisconnectVoice, useJoinVoice } from './mutations';
import { useVoiceStates } from './queries';
import { ScreenViewer } from './ScreenViewer';
import { VoiceParticipants } from './VoiceParticipants';
import { useVoiceSession } from './voice-session';
import styles from './Voice.module.css';

/**
 * A voice channel's content (001 §2 voice panel): its name, how many are in voice, the join button
 * (disabled while this channel is the current call), the screens shared in the call, and who is there.
 */
export function VoicePanel({ team, channel }: { team: Pick<Team, 'id' | 'createdBy'>; channel: Channel }) {
  const { t } = useTranslation(['voice', 'errors']);
  const teamId = team.id;
  const me = useMeUser();
  const access = useTeamAccess(team);
  const disconnect = useDisconnectVoice();
  const toast = useToast();
  const canDisconnect = access.canOnChannel(channel, ChannelPermission.DISCONNECT);
  const canMove = access.can(TeamPermission.MOVE_MEMBERS);
  const headingId = useId();
  const session = useVoiceSession();
  const join = useJoinVoice();
  const participants = useVoiceStates(teamId).data?.[channel.id] ?? [];
  const current = session?.channelId === channel.id && session.state !== 'disconnected';
  const ended = session?.channelId === channel.id && session.state === 'disconnected' ? session.reason : null;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {channel.name}
      </h2>
      <p className={styles.count}>{t('panel.inVoice', { count: participants.length })}</p>
      <Button onClick={() => join.mutate({ teamId, channelId: channel.id })} disabled={current} loading={join.isPending}>
        {current ? t('panel.joined') : t('panel.join')}
      </Button>
      {ended && (
        <p className={styles.error} role="alert">
          {t(`errors:${ended}`, { defaultValue: ended })}
        </p>
      )}
      {current && session && <ScreenViewer teamId={teamId} session={session} />}
      {participants.length === 0 ? (
        <p className={styles.empty}>{t('panel.empty')}</p>
      ) : (
        <VoiceParticipants
          teamId={teamId}
          participants={participants}
          label={t('panel.participants', { channel: channel.name })}
          speaking={session?.channelId === channel.id ? session.speaking : []}
          action={(participant, name) =>
            participant.userId !== me?.id && (
              <>
                {canMove && <MoveMemberMenu teamId={teamId} channelId={channel.id} userId={participant.userId} name={name} />}
                {canDisconnect && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('panel.disconnectName', { name })}
                    onClick={() =>
                      disconnect.mutate({ teamId, channelId: channel.id, userId: participant.userId }, { onError: (err) => toast.show(err.message, 'error') })
                    }
                  >
                    {t('panel.disconnect')}
                  </Button>
                )}
              </>
            )
          }
        />
      )}
    </section>
  );
}
