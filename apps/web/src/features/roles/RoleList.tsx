import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Role } from '@rally/shared/api/teams';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { swatchBackground } from './presets';
import { isDefaultRole } from './reorder';
import type { RoleValues } from './role-draft';
import styles from './RolesTab.module.css';

/** Role names are cut at 20 characters in the list (spec 001 §5); the full name is in the title. */
const LIST_NAME_MAX = 20;
const cut = (name: string) => (name.length > LIST_NAME_MAX ? `${name.slice(0, LIST_NAME_MAX)}…` : name);

/** Rows move only up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export interface RoleListProps {
  roles: readonly Role[];
  /** The values each row shows (a role's draft, so a rename shows at once). */
  valuesOf: (role: Role) => RoleValues;
  selectedId: string | undefined;
  onSelect: (roleId: string) => void;
  /** The user may reorder this role (strictly below their rank; never the default role). */
  canMove: (role: Role) => boolean;
  onMove: (activeId: string, overId: string) => void;
  /** Members holding each role, when the member list is loaded. */
  memberCount: (role: Role) => number | undefined;
  edited: ReadonlySet<string>;
  invalid: ReadonlySet<string>;
}

/**
 * The role list of the roles tab: highest first, the default role last. Roles the user may reorder
 * have a drag handle (pointer or keyboard: Space, arrows, Space; dnd-kit), the others none.
 */
export function RoleList({ roles, valuesOf, selectedId, onSelect, canMove, onMove, memberCount, edited, invalid }: RoleListProps) {
  const { t } = useTranslation('roles');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const movable = useMemo(() => roles.filter((r) => !isDefaultRole(r) && canMove(r)).map((r) => r.id), [roles, canMove]);
  const nameOf = (id: string | number) => {
    const role = roles.find((r) => r.id === String(id));
    return role ? valuesOf(role).name : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('dnd.over', { name: nameOf(active.id), over: nameOf(over.id) }) : undefined),
    onDragEnd: ({ active }) => t('dnd.dropped', { name: nameOf(active.id) }),
    onDragCancel: () => t('dnd.cancelled'),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={movable} strategy={verticalListSortingStrategy}>
        <ul className={styles.list} aria-label={t('listLabel')}>
          {roles.map((role) => (
            <RoleRow
              key={role.id}
              role={role}
              values={valuesOf(role)}
              selected={role.id === selectedId}
              sortable={movable.includes(role.id)}
              onSelect={onSelect}
              count={memberCount(role)}
              edited={edited.has(role.id)}
              invalid={invalid.has(role.id)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface RowProps {
  role: Role;
  values: RoleValues;
  selected: boolean;
  sortable: boolean;
  onSelect: (roleId: string) => void;
  count: number | undefined;
  edited: boolean;
  invalid: boolean;
}

function RoleRow({ role, values, selected, sortable, onSelect, count, edited, invalid }: RowProps) {
  const { t } = useTranslation('roles');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: role.id, disabled: !sortable });
  const name = isDefaultRole(role) ? t('defaultRole') : values.name;
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={`${styles.row} ${selected ? styles.rowSelected : ''} ${isDragging ? styles.rowDragging : ''}`}>
      {sortable ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-label={t('dragHandle', { name })}
          title={t('dragHandle', { name })}
        >
          <svg viewBox="0 0 12 20" width="10" height="16" aria-hidden="true" focusable="false">
            {[4, 10, 16].map((y) => (
              <g key={y}>
                <circle cx="3" cy={y} r="1.6" fill="currentColor" />
                <circle cx="9" cy={y} r="1.6" fill="currentColor" />
              </g>
            ))}
          </svg>
        </button>
      ) : (
        <span className={styles.handleSpace} aria-hidden="true" />
      )}
      <button
        type="button"
        className={styles.rowButton}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(role.id)}
        title={name.length > LIST_NAME_MAX ? name : undefined}
      >
        <span className={styles.dot} style={{ background: swatchBackground(values.color, values.color2) }} aria-hidden="true" />
        {values.iconEmojiId && (
          <span className={styles.rowIcon} aria-hidden="true">
            {values.iconEmojiId}
          </span>
        )}
        <span className={styles.rowName}>{cut(name)}</span>
        {invalid ? (
          <span className={styles.invalidMark} title={t('invalid')}>
            !<span className="visually-hidden">{t('invalid')}</span>
          </span>
        ) : (
          edited && (
            <span className={styles.editedMark} title={t('edited')}>
              <span className="visually-hidden">{t('edited')}</span>
            </span>
          )
        )}
        {count !== undefined && (
          <span className={styles.count} title={t('members', { count })}>
            <svg viewBox="0 0 24 24" width="13" height="13" aria-hidden="true" focusable="false">
              <path
                d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8c0-3.3 3.1-6 7-6s7 2.7 7 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{t('members', { count })}</span>
          </span>
        )}
      </button>
    </li>
  );
}
