import type { Team } from '@rally/shared/api/teams';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDialog } from '../../components/ui/SettingsDialog';
import { useTeamAccess } from '../teams/access';
import { useTeamChannels } from '../teams/channel-queries';
import { ChannelOverviewTab } from './ChannelOverviewTab';
import { PermissionEditor } from './PermissionEditor';

interface Props {
  team: Pick<Team, 'id' | 'createdBy'>;
  channelId: string;
  onClose: () => void;
}

/**
 * A channel's settings (spec 001 §2): Overview and Permissions. A tab with unsaved changes keeps the
 * focus until they are saved or reset (its SaveBar says so). The dialog closes when the channel
 * goes away (deleted here or elsewhere, or no longer visible).
 */
export function ChannelSettingsDialog({ team, channelId, onClose }: Props) {
  const { t } = useTranslation('channels');
  const access = useTeamAccess(team);
  const channel = useTeamChannels(team.id).data?.channels.find((c) => c.id === channelId);
  const [tab, setTab] = useState('overview');
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  useEffect(() => {
    if (!channel) onClose();
  }, [channel, onClose]);
  if (!channel) return null;

  return (
    <SettingsDialog
      open
      onClose={onClose}
      title={t('settings.title', { name: channel.name })}
      activeTab={tab}
      onTabChange={(id) => {
        if (!dirty) setTab(id);
      }}
      tabs={[
        {
          id: 'overview',
          label: t('settings.overview'),
          render: () => <ChannelOverviewTab team={team} channel={channel} onDirtyChange={onDirtyChange} onDeleted={onClose} />,
        },
        {
          id: 'permissions',
          label: t('settings.permissions'),
          render: () => (
            <PermissionEditor
              team={team}
              scope={{ kind: 'channel', id: channel.id, type: channel.type, permissions: channel.permissions }}
              held={access.channelPermissions(channel)}
              onDirtyChange={onDirtyChange}
            />
          ),
        },
      ]}
    />
  );
}
