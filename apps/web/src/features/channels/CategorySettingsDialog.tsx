import type { Team } from '@rally/shared/api/teams';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDialog } from '../../components/ui/SettingsDialog';
import { useTeamAccess } from '../teams/access';
import { useTeamChannels } from '../teams/channel-queries';
import { CategoryOverviewTab } from './CategoryOverviewTab';
import { PermissionEditor } from './PermissionEditor';

interface Props {
  team: Pick<Team, 'id' | 'createdBy'>;
  categoryId: string;
  onClose: () => void;
}

/** A category's settings: Overview (name, delete) and Permissions (its channels inherit them). */
export function CategorySettingsDialog({ team, categoryId, onClose }: Props) {
  const { t } = useTranslation('channels');
  const access = useTeamAccess(team);
  const category = useTeamChannels(team.id).data?.categories.find((c) => c.id === categoryId);
  const [tab, setTab] = useState('overview');
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  useEffect(() => {
    if (!category) onClose();
  }, [category, onClose]);
  if (!category) return null;

  return (
    <SettingsDialog
      open
      onClose={onClose}
      title={t('settings.categoryTitle', { name: category.name })}
      activeTab={tab}
      onTabChange={(id) => {
        if (!dirty) setTab(id);
      }}
      tabs={[
        {
          id: 'overview',
          label: t('settings.overview'),
          render: () => <CategoryOverviewTab team={team} category={category} onDirtyChange={onDirtyChange} onDeleted={onClose} />,
        },
        {
          id: 'permissions',
          label: t('settings.permissions'),
          render: () => (
            <PermissionEditor
              team={team}
              scope={{ kind: 'category', id: category.id, type: 'category', permissions: category.permissions }}
              held={access.channelPermissions({ type: 'category', permissions: category.permissions, parentId: null })}
              onDirtyChange={onDirtyChange}
            />
          ),
        },
      ]}
    />
  );
}
