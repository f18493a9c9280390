import { useTranslation } from 'react-i18next';
import buttonStyles from '../../components/ui/Button.module.css';
import { Menu } from '../../components/ui/Menu';
import { useToast } from '../../components/ui/toast-context';
import { useTeamChannels } from '../teams/channel-queries';
import { ChannelIcon } from '../teams/ChannelIcon';
import { useMoveVoice } from './mutations';

/**
 * "Move to…" on a participant of a voice channel, for members with MOVE_MEMBERS (001 §6): a menu
 * of the team's other voice channels the user sees, in the channel list's order (keyboard: the
 * menu pattern of components/ui/Menu). Picking one moves them there, past its user limit; the
 * lists follow from VOICE_LEFT and VOICE_JOINED. Nothing when there is no other voice channel.
 */
export function MoveMemberMenu({ teamId, channelId, userId, name }: { teamId: string; channelId: string; userId: string; name: string }) {
  const { t } = useTranslation('voice');
  const channels = useTeamChannels(teamId).data?.channels;
  const move = useMoveVoice();
  const toast = useToast();
  const targets = (channels ?? []).filter((c) => c.type === 'voice' && c.id !== channelId).sort((a, b) => a.priority - b.priority);
  return (
    <Menu
      label={t('panel.moveName', { name })}
      trigger={t('panel.move')}
      align="end"
      triggerClassName={`${buttonStyles.button} ${buttonStyles.ghost} ${buttonStyles.sm}`}
      items={targets.map((target) => ({
        id: target.id,
        label: target.name,
        icon: <ChannelIcon type="voice" />,
        onSelect: () => move.mutate({ teamId, channelId: target.id, userId, fromChannelId: channelId }, { onError: (err) => toast.show(err.message, 'error') }),
      }))}
    />
  );
}
