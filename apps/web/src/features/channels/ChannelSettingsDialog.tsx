import type { Team } from '@rally/shared/api/teams';
import { ChannelPermission, hasBit } from '@rally/shared/permissions';
import { useCallback, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDialog } from '../../components/ui/SettingsDialog';
import { useTeamAccess } from '../teams/access';
import { useTeamChannels } from '../teams/channel-queries';
import { VoiceRegionTab } from '../voice/VoiceRegionTab';
import { CategoryOverviewTab } from './CategoryOverviewTab';
import { ChannelOverviewTab } from './ChannelOverviewTab';
import { PermissionEditor } from './PermissionEditor';

type TeamRef = Pick<Team, 'id' | 'createdBy'>;

interface Subject {
  title: string;
  /** The Overview tab, told when its changes become unsaved or saved. */
  overview: (onDirtyChange: (dirty: boolean) => void) => ReactNode;
  scope: ComponentProps<typeof PermissionEditor>['scope'];
  /** The user's permission mask on it. */
  held: number;
  /** A voice channel's Region tab, for MANAGE_CHANNEL holders. */
  region?: (onDirtyChange: (dirty: boolean) => void) => ReactNode;
}

/**
 * Settings of a channel or a category (spec 001 §2): Overview and Permissions (and Region for a voice channel). A tab with unsaved
 * changes keeps the focus until they are saved or reset (its SaveBar says so). The dialog closes
 * when its subject goes away (deleted here or elsewhere, or no longer visible).
 */
function OverwritableSettings({ team, subject, onClose }: { team: TeamRef; subject: Subject | undefined; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const [tab, setTab] = useState('overview');
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  useEffect(() => {
    if (!subject) onClose();
  }, [subject, onClose]);
  if (!subject) return null;

  return (
    <SettingsDialog
      open
      onClose={onClose}
      title={subject.title}
      activeTab={tab}
      onTabChange={(id) => {
        if (!dirty) setTab(id);
      }}
      tabs={[
        { id: 'overview', label: t('settings.overview'), render: () => subject.overview(onDirtyChange) },
        {
          id: 'permissions',
          label: t('settings.permissions'),
          render: () => <PermissionEditor team={team} scope={subject.scope} held={subject.held} onDirtyChange={onDirtyChange} />,
        },
        ...(subject.region ? [{ id: 'region', label: t('settings.region'), render: () => subject.region?.(onDirtyChange) }] : []),
      ]}
    />
  );
}

/** A channel's settings. */
export function ChannelSettingsDialog({ team, channelId, onClose }: { team: TeamRef; channelId: string; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const access = useTeamAccess(team);
  const channel = useTeamChannels(team.id).data?.channels.find((c) => c.id === channelId);
  const subject: Subject | undefined = channel && {
    title: t('settings.title', { name: channel.name }),
    overview: (onDirtyChange) => <ChannelOverviewTab team={team} channel={channel} onDirtyChange={onDirtyChange} onDeleted={onClose} />,
    scope: { kind: 'channel', id: channel.id, type: channel.type, permissions: channel.permissions },
    held: access.channelPermissions(channel),
    ...(channel.type === 'voice' && hasBit(access.channelPermissions(channel), ChannelPermission.MANAGE_CHANNEL)
      ? { region: (onDirtyChange) => <VoiceRegionTab teamId={team.id} channel={channel} onDirtyChange={onDirtyChange} /> }
      : {}),
  };
  return <OverwritableSettings team={team} subject={subject} onClose={onClose} />;
}

/** A category's settings: its channels inherit its permissions. */
export function CategorySettingsDialog({ team, categoryId, onClose }: { team: TeamRef; categoryId: string; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const access = useTeamAccess(team);
  const category = useTeamChannels(team.id).data?.categories.find((c) => c.id === categoryId);
  const subject: Subject | undefined = category && {
    title: t('settings.categoryTitle', { name: category.name }),
    overview: (onDirtyChange) => <CategoryOverviewTab team={team} category={category} onDirtyChange={onDirtyChange} onDeleted={onClose} />,
    scope: { kind: 'category', id: category.id, type: 'category', permissions: category.permissions },
    held: access.channelPermissions({ type: 'category', permissions: category.permissions, parentId: null }),
  };
  return <OverwritableSettings team={team} subject={subject} onClose={onClose} />;
}
