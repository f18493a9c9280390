import { LIMITS } from '@rally/shared/limits';
import type { Role } from '@rally/shared/api/teams';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '../../components/ui/Menu';
import { TextField } from '../../components/ui/TextField';
import { ColorPicker } from './ColorPicker';
import { ROLE_PERMISSIONS } from './permission-list';
import { roleTextStyle } from './presets';
import { isDefaultRole } from './reorder';
import { fieldOf, flagsLocked, withBit, type RoleValues } from './role-draft';
import styles from './RolesTab.module.css';
import { Switch } from '../../components/ui/Switch';
import fieldStyles from '../../components/ui/Field.module.css';

export interface RoleEditorProps {
  role: Role;
  values: RoleValues;
  /** The role is at or above the user's rank: shown, not editable. */
  readOnly: boolean;
  /** The user holds these bits (only those can be switched). */
  canGrant: (bits: number) => boolean;
  /** A field's error to show ("<roleId>/<field>"), or null. */
  errorFor: (field: string) => string | null;
  onChange: (values: Partial<RoleValues>, field: keyof RoleValues) => void;
  onBlur: (field: keyof RoleValues) => void;
  onClone: (() => void) | null;
  onDelete: (() => void) | null;
  onBack: () => void;
}

/** The selected role's editor: name, colour, icon, display flags, description and team permissions. */
export function RoleEditor({ role, values, readOnly, canGrant, errorFor, onChange, onBlur, onClone, onDelete, onBack }: RoleEditorProps) {
  const { t } = useTranslation('roles');
  const id = useId();
  const isDefault = isDefaultRole(role);
  const locked = flagsLocked(role);
  const displayName = isDefault ? t('defaultRole') : values.name;
  const error = (key: keyof RoleValues) => errorFor(fieldOf(role.id, key));
  const descriptionError = error('description');
  const actions = [
    onClone && { id: 'clone', label: t('editor.clone'), onSelect: onClone },
    onDelete && { id: 'delete', label: t('editor.delete'), onSelect: onDelete, danger: true },
  ].filter((x) => !!x);

  return (
    <section className={styles.editor} aria-labelledby={`${id}-heading`}>
      <div className={styles.editorHeader}>
        <button type="button" className={styles.back} onClick={onBack}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t('backToList')}
        </button>
        <h3 id={`${id}-heading`} className={styles.editorTitle} title={displayName}>
          {t('editor.heading', { name: displayName })}
        </h3>
        {actions.length > 0 && (
          <Menu
            label={t('editor.more', { name: displayName })}
            align="end"
            triggerClassName={styles.moreButton}
            trigger={
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <circle cx="5" cy="12" r="2" fill="currentColor" />
                <circle cx="12" cy="12" r="2" fill="currentColor" />
                <circle cx="19" cy="12" r="2" fill="currentColor" />
              </svg>
            }
            items={actions}
          />
        )}
      </div>

      {readOnly && (
        <p className={styles.notice} role="note">
          {t('editor.readOnly')}
        </p>
      )}
      {isDefault && <p className={styles.note}>{t('editor.defaultRoleNote')}</p>}
      {role.botUserId && <p className={styles.note}>{t('editor.botRoleNote')}</p>}

      <div className={styles.nameRow}>
        <TextField
          label={t('editor.name')}
          value={values.name}
          maxLength={LIMITS.roleName.max}
          disabled={readOnly}
          labelAside={`${values.name.length}/${LIMITS.roleName.max}`}
          error={error('name')}
          onChange={(e) => onChange({ name: e.target.value }, 'name')}
          onBlur={() => onBlur('name')}
          className={styles.grow}
        />
        <div className={styles.preview}>
          <span className={styles.previewLabel}>{t('editor.preview')}</span>
          <span className={styles.previewChip} aria-label={t('editor.previewLabel', { name: displayName })} role="img">
            {values.iconEmojiId && <span aria-hidden="true">{values.iconEmojiId}</span>}
            <span
              className={`${styles.previewName} ${values.color2 ? styles.gradientText : ''}`}
              style={roleTextStyle(values.color, values.color2)}
              aria-hidden="true"
            >
              {displayName || '—'}
            </span>
          </span>
        </div>
      </div>

      <ColorPicker color={values.color} color2={values.color2} disabled={readOnly} onChange={(color, color2) => onChange({ color, color2 }, 'color')} />

      <div className={styles.iconRow}>
        <TextField
          label={t('editor.icon')}
          hint={t('editor.iconHint')}
          placeholder={t('editor.iconPlaceholder')}
          value={values.iconEmojiId}
          maxLength={LIMITS.roleIcon.max}
          disabled={readOnly}
          error={error('iconEmojiId')}
          onChange={(e) => onChange({ iconEmojiId: e.target.value }, 'iconEmojiId')}
          onBlur={() => onBlur('iconEmojiId')}
          className={styles.iconField}
        />
        {values.iconEmojiId !== '' && !readOnly && (
          <button type="button" className={styles.clearIcon} onClick={() => onChange({ iconEmojiId: '' }, 'iconEmojiId')}>
            {t('editor.iconClear')}
          </button>
        )}
      </div>

      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>{t('editor.display')}</legend>
        <Switch
          label={t('editor.displayedSeparately')}
          hint={locked ? t('editor.flagsLocked') : t('editor.displayedSeparatelyHint')}
          checked={values.isDisplayedSeparately}
          disabled={readOnly || locked}
          onChange={(on) => onChange({ isDisplayedSeparately: on }, 'isDisplayedSeparately')}
        />
        <Switch
          label={t('editor.mentionable')}
          hint={locked ? t('editor.flagsLocked') : t('editor.mentionableHint')}
          checked={values.mentionable}
          disabled={readOnly || locked}
          onChange={(on) => onChange({ mentionable: on }, 'mentionable')}
        />
        <Switch
          label={t('editor.selfAssignable')}
          hint={role.botUserId ? t('editor.selfLockedBot') : locked ? t('editor.flagsLocked') : t('editor.selfAssignableHint')}
          checked={values.isSelfAssignable}
          disabled={readOnly || locked}
          onChange={(on) => onChange({ isSelfAssignable: on }, 'isSelfAssignable')}
        />
      </fieldset>

      <div className={styles.textareaField}>
        <div className={styles.labelRow}>
          <label htmlFor={`${id}-description`} className={styles.fieldLabel}>
            {t('editor.description')}
          </label>
          <span className={styles.counter}>
            {values.description.length}/{LIMITS.roleDescription.max}
          </span>
        </div>
        <textarea
          id={`${id}-description`}
          className={`${fieldStyles.textarea} ${styles.textarea} ${descriptionError ? fieldStyles.invalid : ''}`}
          value={values.description}
          rows={3}
          maxLength={LIMITS.roleDescription.max}
          disabled={readOnly}
          placeholder={t('editor.descriptionPlaceholder')}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? `${id}-description-error` : undefined}
          onChange={(e) => onChange({ description: e.target.value }, 'description')}
          onBlur={() => onBlur('description')}
        />
        {descriptionError && (
          <p id={`${id}-description-error`} className={styles.fieldError}>
            {descriptionError}
          </p>
        )}
      </div>

      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>{t('editor.permissions')}</legend>
        <p className={styles.note}>{t('editor.permissionsIntro')}</p>
        {ROLE_PERMISSIONS.map(({ name, bit }) => {
          const held = canGrant(bit);
          return (
            <Switch
              key={name}
              label={t(`permissions.${name}.name`)}
              hint={held ? t(`permissions.${name}.hint`) : `${t(`permissions.${name}.hint`)} ${t('editor.notHeld')}`}
              checked={(values.permissions & bit) !== 0}
              disabled={readOnly || !held}
              onChange={(on) => onChange({ permissions: withBit(values.permissions, bit, on) }, 'permissions')}
            />
          );
        })}
      </fieldset>
    </section>
  );
}
