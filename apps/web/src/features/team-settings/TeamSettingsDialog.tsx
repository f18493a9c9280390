import type { Team } from '@rally/shared/api/teams';
import { TeamPermission } from '@rally/shared/permissions';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDialog, type SettingsTab } from '../../components/ui/SettingsDialog';
import { EmojiTab } from '../emoji/EmojiTab';
import { RolesTab } from '../roles/RolesTab';
import { useTeamAccess } from '../teams/access';
import { AuditLogTab } from './AuditLogTab';
import { BansTab } from './BansTab';
import { DeleteTeamTab } from './DeleteTeamTab';
import { InvitesTab } from './InvitesTab';
import { OverviewTab } from './OverviewTab';
import { settingsTabs, type SettingsTabId } from './settings-access';

interface Props {
  team: Team;
  /** The tab to open first (when the user may open it). */
  initialTab?: string;
  onClose: () => void;
}

/** The team settings dialog (001 §2): overview, roles, audit log, bans, emoji, invites and delete, each shown only with its permission. */
export function TeamSettingsDialog({ team, initialTab, onClose }: Props) {
  const { t } = useTranslation('team-settings');
  const access = useTeamAccess(team);
  const [active, setActive] = useState<string>(initialTab ?? 'overview');

  const render: Record<SettingsTabId, () => ReactNode> = {
    overview: () => <OverviewTab team={team} isOwner={access.isOwner} canManage={access.can(TeamPermission.MANAGE_TEAM)} />,
    roles: () => <RolesTab team={team} />,
    auditLog: () => <AuditLogTab team={team} />,
    bans: () => <BansTab team={team} />,
    emoji: () => <EmojiTab team={team} />,
    invites: () => <InvitesTab team={team} />,
    delete: () => <DeleteTeamTab team={team} />,
  };
  const tabs: SettingsTab[] = settingsTabs(access).map((id) => ({
    id,
    label: t(`tabs.${id}`),
    render: render[id],
    danger: id === 'delete',
  }));

  return <SettingsDialog open onClose={onClose} title={t('dialog.titleOf', { name: team.name })} tabs={tabs} activeTab={active} onTabChange={setActive} />;
}
