import type { ChannelOverwrites, Overwrite } from '@rally/shared/permissions';
import type { ChannelType } from '@rally/shared/permissions';
import type { Team } from '@rally/shared/api/teams';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveBar } from '../../components/ui/SaveBar';
import { useToast } from '../../components/ui/toast-context';
import { useTeamAccess } from '../teams/access';
import { useTeamMembers } from '../teams/members-queries';
import { useTeamRoles } from '../teams/queries';
import { useSetOverwrite } from './mutations';
import styles from './PermissionEditor.module.css';
import {
  BIT_STATES,
  bitState,
  canEditBit,
  EMPTY_OVERWRITE,
  overwriteChanges,
  overwritesByTarget,
  parseTargetKey,
  permissionBitsOf,
  sameOverwrite,
  targetKey,
  withBitState,
  type BitState,
} from './permission-states';

interface Props {
  team: Pick<Team, 'id' | 'createdBy'>;
  /** The channel or category whose overwrites are edited. */
  scope: { kind: 'channel' | 'category'; id: string; type: ChannelType; permissions: ChannelOverwrites };
  /** The user's permission mask there: only these bits can be changed. */
  held: number;
  onDirtyChange: (dirty: boolean) => void;
}

interface ListedTarget {
  key: string;
  kind: 'role' | 'user';
  id: string;
  name: string;
  color: string | null;
  editable: boolean;
}

const STATE_MARK: Record<BitState, string> = { deny: '×', inherit: '/', allow: '✓' };

/**
 * The permission editor of a channel or a category (spec 001 §3, §6): the roles (by priority) and
 * members that have an overwrite, @everyone always; for the chosen one, each bit of the type as
 * deny / default / allow (a radio group: arrow keys move, each radio named "View channel: Allow").
 * Bits the user does not hold, and targets at or above their rank, cannot be changed. Edits are held
 * per target until Save, which writes each changed target with one call (both masks 0 remove it).
 */
export function PermissionEditor({ team, scope, held, onDirtyChange }: Props) {
  const { t } = useTranslation(['channels', 'common']);
  const toast = useToast();
  const baseId = useId();
  const access = useTeamAccess(team);
  const roles = useTeamRoles(team.id).data;
  const members = useTeamMembers(team.id).data;
  const setOverwrite = useSetOverwrite(team.id, scope);
  const saved = useMemo(() => overwritesByTarget(scope.permissions), [scope.permissions]);
  const [edited, setEdited] = useState<Record<string, Overwrite>>({});
  const [added, setAdded] = useState<string[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const defaultKey = targetKey({ kind: 'role', id: team.id });
  const [selectedKey, setSelectedKey] = useState(defaultKey);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const changes = overwriteChanges(saved, edited);
  const dirty = changes.length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const listed = useMemo(() => {
    const keys = new Set([...Object.keys(saved), ...added, defaultKey]);
    for (const key of removed) if (key !== defaultKey) keys.delete(key);
    const roleTargets: (ListedTarget & { priority: number })[] = [];
    const userTargets: ListedTarget[] = [];
    for (const key of keys) {
      const target = parseTargetKey(key);
      if (!target) continue;
      if (target.kind === 'role') {
        const role = roles?.find((r) => r.id === target.id);
        if (!role) continue;
        roleTargets.push({ key, ...target, name: role.name, color: role.color, priority: role.priority, editable: access.canActOnRole(role) });
      } else {
        const member = members?.find((m) => m.id === target.id);
        const editable = !!member && (member.id === access.userId || access.canActOnMember(member));
        userTargets.push({ key, ...target, name: member?.username ?? target.id, color: null, editable });
      }
    }
    roleTargets.sort((a, b) => b.priority - a.priority);
    userTargets.sort((a, b) => a.name.localeCompare(b.name));
    return { roles: roleTargets, users: userTargets };
  }, [saved, added, removed, defaultKey, roles, members, access]);

  const all = [...listed.roles, ...listed.users];
  const selected = all.find((x) => x.key === selectedKey) ?? listed.roles.find((x) => x.key === defaultKey) ?? all[0];
  const current = selected ? (edited[selected.key] ?? saved[selected.key] ?? EMPTY_OVERWRITE) : EMPTY_OVERWRITE;

  const listedKeys = new Set(all.map((x) => x.key));
  const addableRoles = (roles ?? []).filter((r) => !listedKeys.has(targetKey({ kind: 'role', id: r.id })) && access.canActOnRole(r));
  const addableMembers = (members ?? [])
    .filter((m) => !listedKeys.has(targetKey({ kind: 'user', id: m.id })))
    .sort((a, b) => a.username.localeCompare(b.username));

  const edit = (key: string, next: Overwrite) => {
    setError(null);
    setEdited((prev) => ({ ...prev, [key]: next }));
  };

  const add = (key: string) => {
    if (!parseTargetKey(key)) return;
    setAdded((prev) => (prev.includes(key) ? prev : [...prev, key]));
    setRemoved((prev) => prev.filter((k) => k !== key));
    setEdited((prev) => {
      const next = { ...prev };
      delete next[key];
      return next;
    });
    setSelectedKey(key);
  };

  const removeTarget = (key: string) => {
    edit(key, EMPTY_OVERWRITE);
    if (key === defaultKey) return;
    setAdded((prev) => prev.filter((k) => k !== key));
    setRemoved((prev) => [...prev, key]);
    setSelectedKey(defaultKey);
  };

  const reset = () => {
    setEdited({});
    setAdded([]);
    setRemoved([]);
    setError(null);
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      for (const change of changes) await setOverwrite.mutateAsync(change);
      reset();
      toast.show(t('permissions.saved'), 'success');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  const hasOverwrite = selected ? !sameOverwrite(current, EMPTY_OVERWRITE) || (selected.key !== defaultKey && selected.key in saved) : false;
  const stateLabel = (state: BitState) => t(`permissions.states.${state}`);

  return (
    <div className={styles.editor}>
      <h3 className={styles.heading}>{t('permissions.heading')}</h3>
      <p className={styles.intro}>{scope.kind === 'category' ? t('permissions.categoryIntro') : t('permissions.intro')}</p>
      <div className={styles.layout}>
        <div className={styles.side}>
          <label className={styles.addField}>
            <span className="visually-hidden">{t('permissions.add')}</span>
            <select
              className={styles.addSelect}
              value=""
              onChange={(e) => add(e.target.value)}
              disabled={addableRoles.length === 0 && addableMembers.length === 0}
            >
              <option value="">
                {addableRoles.length === 0 && addableMembers.length === 0 ? t('permissions.nothingToAdd') : t('permissions.addPlaceholder')}
              </option>
              {addableRoles.length > 0 && (
                <optgroup label={t('permissions.roles')}>
                  {addableRoles.map((r) => (
                    <option key={r.id} value={targetKey({ kind: 'role', id: r.id })}>
                      {r.name}
                    </option>
                  ))}
                </optgroup>
              )}
              {addableMembers.length > 0 && (
                <optgroup label={t('permissions.members')}>
                  {addableMembers.map((m) => (
                    <option key={m.id} value={targetKey({ kind: 'user', id: m.id })}>
                      {m.username}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </label>
          <nav aria-label={t('permissions.targets')}>
            {(['roles', 'users'] as const).map(
              (group) =>
                listed[group].length > 0 && (
                  <div key={group} className={styles.group}>
                    <h4 className={styles.groupHeading} id={`${baseId}-${group}`}>
                      {group === 'roles' ? t('permissions.roles') : t('permissions.members')}
                    </h4>
                    <ul className={styles.targets} aria-labelledby={`${baseId}-${group}`}>
                      {listed[group].map((target) => (
                        <li key={target.key}>
                          <button
                            type="button"
                            className={`${styles.target} ${target.key === selected?.key ? styles.targetSelected : ''}`}
                            aria-current={target.key === selected?.key ? 'true' : undefined}
                            onClick={() => setSelectedKey(target.key)}
                          >
                            {target.kind === 'role' ? (
                              <span className={styles.roleDot} style={{ background: target.color ?? 'var(--text-subtle)' }} aria-hidden="true" />
                            ) : (
                              <span className={styles.userMark} aria-hidden="true">
                                @
                              </span>
                            )}
                            <span className={styles.targetName}>{target.name}</span>
                            {target.key in edited && !sameOverwrite(edited[target.key]!, saved[target.key] ?? EMPTY_OVERWRITE) && (
                              <span className={styles.changedDot} aria-hidden="true" />
                            )}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ),
            )}
          </nav>
        </div>

        {selected && (
          <section className={styles.bits} aria-labelledby={`${baseId}-bits`}>
            <div className={styles.bitsHeader}>
              <h4 id={`${baseId}-bits`} className={styles.bitsHeading}>
                {t('permissions.bitsOf', { name: selected.name })}
              </h4>
              {selected.editable && hasOverwrite && (
                <button type="button" className={styles.removeButton} onClick={() => removeTarget(selected.key)}>
                  {t('permissions.remove')}
                </button>
              )}
            </div>
            {!selected.editable && <p className={styles.notice}>{t('permissions.readOnly')}</p>}
            {selected.editable && permissionBitsOf(scope.type).some(({ bit }) => !canEditBit(held, bit)) && (
              <p className={styles.notice}>{t('permissions.notHeld')}</p>
            )}
            <ul className={styles.bitList}>
              {permissionBitsOf(scope.type).map(({ name, bit }) => {
                const state = bitState(current, bit);
                const disabled = !selected.editable || !canEditBit(held, bit) || saving;
                const labelId = `${baseId}-${name}-label`;
                const permission = t(`permissions.bits.${name}.name`);
                return (
                  <li key={name} className={styles.bitRow}>
                    <div className={styles.bitText}>
                      <span id={labelId} className={styles.bitName}>
                        {permission}
                      </span>
                      <span className={styles.bitDescription} id={`${labelId}-desc`}>
                        {t(`permissions.bits.${name}.description`)}
                      </span>
                    </div>
                    <div role="radiogroup" aria-labelledby={labelId} aria-describedby={`${labelId}-desc`} className={styles.triState}>
                      {BIT_STATES.map((option) => (
                        <label
                          key={option}
                          className={`${styles.stateOption} ${styles[option]} ${state === option ? styles.checked : ''} ${disabled ? styles.disabled : ''}`}
                          title={stateLabel(option)}
                        >
                          <input
                            type="radio"
                            className={styles.stateRadio}
                            name={`${baseId}-${selected.key}-${name}`}
                            value={option}
                            checked={state === option}
                            disabled={disabled}
                            aria-label={t('permissions.stateOf', { permission, state: stateLabel(option) })}
                            onChange={() => edit(selected.key, withBitState(current, bit, option))}
                          />
                          <span aria-hidden="true">{STATE_MARK[option]}</span>
                        </label>
                      ))}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
      <SaveBar visible={dirty} onReset={reset} onSave={() => void save()} saving={saving} error={error} />
    </div>
  );
}
