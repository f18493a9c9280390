import type { Member, Role, Team } from '@rally/shared/api/teams';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { useTeamAccess } from '../teams/access';
import { AddRolePanel } from './AddRolePanel';
import { canChangeMemberRole } from './member-roles';
import { useAddMemberRole, useRemoveMemberRole } from './mutations';
import styles from './ProfileCard.module.css';
import { RoleChip } from './RoleChip';

interface Props {
  team: Team;
  member: Member;
  /** The team's roles. */
  roles: Role[];
  titleId: string;
}

/** The profile card's roles (spec 001 §2, §6): the member's, highest first, each removable and more addable by whoever may. */
export function CardRoles({ team, member, roles, titleId }: Props) {
  const { t } = useTranslation('members');
  const toast = useToast();
  const access = useTeamAccess(team);
  const addRole = useAddMemberRole();
  const removeRole = useRemoveMemberRole();
  const [adding, setAdding] = useState(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const byId = new Map(roles.map((r) => [r.id, r]));
  const held = member.roles
    .map((id) => byId.get(id))
    .filter((r): r is Role => !!r)
    .sort((a, b) => b.priority - a.priority);
  const changeable = roles.filter((r) => canChangeMemberRole(access, team.id, member, r));
  const addable = changeable.filter((r) => !member.roles.includes(r.id));

  const change = async (role: Role, add: boolean) => {
    const vars = { teamId: team.id, userId: member.id, roleId: role.id };
    try {
      if (add) await addRole.mutateAsync(vars);
      else await removeRole.mutateAsync(vars);
      toast.show(t(add ? 'roles.added' : 'roles.removed'), 'success');
    } catch (err) {
      toast.show(err instanceof Error && err.message ? err.message : t('roles.failed'), 'error');
    }
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {t('roles.title')}
      </h3>
      <ul className={styles.roles}>
        {held.map((role) => (
          <li key={role.id}>
            <RoleChip
              role={role}
              onRemove={changeable.includes(role) ? () => void change(role, false) : undefined}
              removing={removeRole.isPending && removeRole.variables.roleId === role.id}
            />
          </li>
        ))}
        {changeable.length > 0 && (
          <li>
            <button
              ref={addButtonRef}
              type="button"
              className={styles.add}
              aria-label={t('roles.add')}
              title={t('roles.add')}
              aria-expanded={adding}
              aria-controls={adding ? `${titleId}-add` : undefined}
              onClick={() => setAdding((x) => !x)}
            >
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        )}
        {held.length === 0 && changeable.length === 0 && <li className={styles.noRoles}>{t('roles.none')}</li>}
      </ul>
      {adding && (
        <AddRolePanel
          id={`${titleId}-add`}
          roles={addable}
          busy={addRole.isPending}
          onAdd={(role) => void change(role, true)}
          onClose={() => {
            setAdding(false);
            addButtonRef.current?.focus();
          }}
        />
      )}
    </section>
  );
}
