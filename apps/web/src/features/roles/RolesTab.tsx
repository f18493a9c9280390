import type { Role, Team } from '@rally/shared/api/teams';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { SaveBar } from '../../components/ui/SaveBar';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import { checkValues } from '../../lib/form/state';
import { useTeamAccess } from '../teams/access';
import { useTeamMembers } from '../teams/members-queries';
import { useTeamRoles } from '../teams/queries';
import { useCloneRole, useCreateRole, useDeleteRole, useReorderRoles, useUpdateRoles } from './mutations';
import { isDefaultRole, moveRole, sortRoles } from './reorder';
import { currentValues, editedRoleIds, editsOf, fieldOf, type RoleDrafts, type RoleValues } from './role-draft';
import { RoleEditor } from './RoleEditor';
import { RoleList } from './RoleList';
import { rolesForm, rolesWithErrors } from './roles-form';
import styles from './RolesTab.module.css';

const NO_DRAFTS: RoleDrafts = {};
const FIELDS: readonly string[] = [];

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The Roles tab of team settings (spec 001 §2, §6): the role list (reordered by dragging or with the
 * keyboard, saved at once and put back when refused), create, clone and delete, and the selected
 * role's editor. Edits to every role are held as drafts behind the save-changes bar, which sends
 * them all in one PATCH roles; switching roles keeps them.
 */
export function RolesTab({ team }: { team: Team }) {
  const { t } = useTranslation('roles');
  const toast = useToast();
  const rolesQuery = useTeamRoles(team.id);
  const members = useTeamMembers(team.id).data;
  const access = useTeamAccess(team);
  const roles = useMemo(() => sortRoles(rolesQuery.data ?? []), [rolesQuery.data]);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mobileView, setMobileView] = useState<'list' | 'editor'>('list');
  const [deleting, setDeleting] = useState<Role | null>(null);

  const schema = useMemo(() => rolesForm(roles), [roles]);
  const form = useZodForm({ schema, initialValues: NO_DRAFTS, fields: FIELDS });
  const drafts = form.values;
  const edits = useMemo(() => editsOf(roles, drafts), [roles, drafts]);
  const edited = useMemo(() => editedRoleIds(roles, drafts), [roles, drafts]);
  const invalid = useMemo(() => rolesWithErrors(checkValues(schema, drafts).errors), [schema, drafts]);

  const createRole = useCreateRole(team.id);
  const cloneRole = useCloneRole(team.id);
  const updateRoles = useUpdateRoles(team.id);
  const reorderRoles = useReorderRoles(team.id);
  const deleteRole = useDeleteRole(team.id);

  const selected = roles.find((r) => r.id === selectedId) ?? roles[0];
  const { canActOnRole } = access;
  const canMove = useCallback((role: Role) => !isDefaultRole(role) && canActOnRole(role), [canActOnRole]);
  const valuesOf = useCallback((role: Role) => currentValues(role, drafts), [drafts]);
  // Members holding each role, counted once per member list (not once per role on every render).
  const holders = useMemo(() => {
    const counts = new Map<string, number>();
    for (const m of members ?? []) for (const id of m.roles) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  }, [members]);
  const memberCount = (role: Role): number | undefined => {
    if (!members) return undefined;
    return isDefaultRole(role) ? members.length : (holders.get(role.id) ?? 0);
  };

  const select = (roleId: string) => {
    setSelectedId(roleId);
    setMobileView('editor');
  };

  const change = (role: Role, patch: Partial<RoleValues>, field: keyof RoleValues) => {
    form.set({ [role.id]: { ...currentValues(role, drafts), ...patch } });
    form.touch(fieldOf(role.id, field));
  };

  const move = (activeId: string, overId: string) => {
    const previous = rolesQuery.data;
    const next = moveRole(roles, activeId, overId, canMove);
    if (!next || !previous) return;
    reorderRoles.mutate({ roles: next, previous }, { onError: (err) => toast.show(t('reorderFailed', { message: messageOf(err) }), 'error') });
  };

  const create = () =>
    createRole.mutate(undefined, {
      onSuccess: (role) => {
        select(role.id);
        toast.show(t('created'), 'success');
      },
      onError: (err) => toast.show(messageOf(err), 'error'),
    });

  const clone = (role: Role) =>
    cloneRole.mutate(role.id, {
      onSuccess: (copy) => {
        select(copy.id);
        toast.show(t('cloned'), 'success');
      },
      onError: (err) => toast.show(messageOf(err), 'error'),
    });

  const save = form.handleSubmit(
    async (body) => {
      await updateRoles.mutateAsync(body);
      form.reset();
      toast.show(t('saved'), 'success');
    },
    (err) => toast.show(messageOf(err), 'error'),
  );

  const reset = () => {
    form.reset();
    updateRoles.reset();
  };

  if (rolesQuery.isPending)
    return (
      <div className={styles.status} role="status">
        <Spinner />
        <span>{t('loading')}</span>
      </div>
    );
  if (rolesQuery.isError)
    return (
      <div className={styles.status} role="alert">
        <span>{t('loadFailed')}</span>
        <Button variant="secondary" size="sm" onClick={() => void rolesQuery.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );

  const readOnly = !!selected && !access.canActOnRole(selected);

  return (
    <div className={styles.tab}>
      <div className={`${styles.columns} ${mobileView === 'editor' && selected ? styles.showEditor : styles.showList}`}>
        <div className={styles.sidebar}>
          <div className={styles.sidebarHeader}>
            <h2 className={styles.title}>{t('title')}</h2>
            <Button size="sm" onClick={create} loading={createRole.isPending} disabled={!access.ready}>
              {t('create')}
            </Button>
          </div>
          <p className={styles.intro}>{t('intro')}</p>
          <RoleList
            roles={roles}
            valuesOf={valuesOf}
            selectedId={selected?.id}
            onSelect={select}
            canMove={canMove}
            onMove={move}
            memberCount={memberCount}
            edited={edited}
            invalid={invalid}
          />
        </div>
        <div className={styles.main}>
          {selected ? (
            <RoleEditor
              key={selected.id}
              role={selected}
              values={valuesOf(selected)}
              readOnly={readOnly}
              canGrant={access.canGrant}
              errorFor={form.errorFor}
              onChange={(patch, field) => change(selected, patch, field)}
              onBlur={(field) => form.touch(fieldOf(selected.id, field))}
              onClone={access.canActOnRole(selected) && access.canGrant(selected.permissions) ? () => clone(selected) : null}
              onDelete={access.canDeleteRole(selected) ? () => setDeleting(selected) : null}
              onBack={() => setMobileView('list')}
            />
          ) : (
            <p className={styles.status}>{t('selectPrompt')}</p>
          )}
        </div>
      </div>
      <SaveBar
        visible={edits.length > 0}
        onReset={reset}
        onSave={() => save()}
        invalid={form.data === null}
        saving={updateRoles.isPending}
        error={form.formError}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting ? currentValues(deleting, drafts).name : '' })}
        confirmLabel={t('deleteConfirm')}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteRole.mutateAsync(deleting.id);
          if (selectedId === deleting.id) setSelectedId(null);
          toast.show(t('deleted'), 'success');
        }}
      />
    </div>
  );
}
