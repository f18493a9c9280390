import type { Channel, Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { TeamPermission } from '@rally/shared/permissions';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { SaveBar } from '../../components/ui/SaveBar';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import { useTeamAccess } from '../teams/access';
import { channelOverviewForm, channelOverviewValues, overviewChanged, overviewFieldsOf, SLOWMODE_STEPS, slowmodeParts } from './channel-forms';
import styles from './ChannelSettings.module.css';
import { useCloneChannel, useDeleteChannel, useUpdateChannel } from './mutations';
import { NameCounter } from './NameCounter';
import { StreamFields } from './StreamFields';
import fieldStyles from '../../components/ui/Field.module.css';

interface Props {
  team: Pick<Team, 'id' | 'createdBy'>;
  channel: Channel;
  onDirtyChange: (dirty: boolean) => void;
  /** After the channel is deleted (the dialog closes). */
  onDeleted: () => void;
}

/**
 * A channel's overview tab: name, description, the type's own settings (slowmode, user limit,
 * stream), NSFW; changes are held until Save (SaveBar), which stays disabled while a value is
 * invalid. Clone and delete below.
 */
export function ChannelOverviewTab({ team, channel, onDirtyChange, onDeleted }: Props) {
  const { t } = useTranslation(['channels', 'common']);
  const toast = useToast();
  const access = useTeamAccess(team);
  const schema = useMemo(() => channelOverviewForm(channel), [channel]);
  const form = useZodForm({
    schema,
    initialValues: channelOverviewValues(channel),
    fields: ['name', 'description', 'rateLimitPerUser', 'userLimit', 'nsfw', 'additionalData'],
    errorField: { streamChannel: 'additionalData', streamPlatform: 'additionalData' },
  });
  const update = useUpdateChannel(team.id, channel.id);
  const clone = useCloneChannel(team.id);
  const remove = useDeleteChannel(team.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fields = overviewFieldsOf(channel.type);
  const dirty = overviewChanged(channel, form.values);
  const ids = { description: useId(), slowmode: useId(), slowmodeHint: useId(), userLimit: useId(), userLimitHint: useId() };

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = form.handleSubmit(async (body) => {
    update.reset();
    const saved = await update.mutateAsync(body);
    // The server trims; the form shows what was stored (and is clean again).
    form.set(channelOverviewValues(saved));
  });

  const reset = () => {
    update.reset();
    form.reset();
  };

  const cloneChannel = () =>
    clone.mutate(channel.id, {
      onSuccess: () => toast.show(t('overview.cloned'), 'success'),
      onError: (err) => toast.show(err.message, 'error'),
    });

  const slowmodeLabel = (seconds: number) => {
    const { unit, count } = slowmodeParts(seconds);
    if (unit === 'off') return t('overview.slowmodeOff');
    return t(`overview.slowmode${unit[0]!.toUpperCase()}${unit.slice(1)}` as 'overview.slowmodeSeconds', { count });
  };
  const slowmodeSteps: number[] = SLOWMODE_STEPS.includes(form.values.rateLimitPerUser as (typeof SLOWMODE_STEPS)[number])
    ? [...SLOWMODE_STEPS]
    : [...SLOWMODE_STEPS, form.values.rateLimitPerUser].sort((a, b) => a - b);
  const userLimitText = (n: number) => (n === 0 ? t('overview.userLimitUnlimited') : t('overview.userLimitValue', { count: n }));
  const descriptionError = form.errorFor('description');

  return (
    <form className={styles.tab} onSubmit={(e) => void save(e)} noValidate>
      <h3 className={styles.heading}>{t('overview.heading')}</h3>
      <TextField
        label={t('overview.name')}
        autoComplete="off"
        maxLength={LIMITS.channelName.max + 20}
        {...form.text('name', { live: true })}
        labelAside={<NameCounter value={form.values.name} max={LIMITS.channelName.max} />}
      />
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={ids.description} className={styles.label}>
            {t('overview.description')}
          </label>
          <span className={styles.aside}>
            <NameCounter value={form.values.description} max={LIMITS.channelDescription.max} trim={false} />
          </span>
        </div>
        <textarea
          id={ids.description}
          className={`${fieldStyles.textarea} ${descriptionError ? fieldStyles.invalid : ''}`}
          rows={4}
          placeholder={t('overview.descriptionPlaceholder')}
          value={form.values.description}
          onChange={(e) => form.set({ description: e.target.value }, { touch: true })}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? `${ids.description}-error` : undefined}
        />
        {descriptionError && (
          <p id={`${ids.description}-error`} className={styles.error}>
            {descriptionError}
          </p>
        )}
      </div>
      {fields.slowmode && (
        <div className={styles.field}>
          <label htmlFor={ids.slowmode} className={styles.label}>
            {t('overview.slowmode')}
          </label>
          <select
            id={ids.slowmode}
            className={fieldStyles.select}
            value={form.values.rateLimitPerUser}
            aria-describedby={ids.slowmodeHint}
            onChange={(e) => form.set({ rateLimitPerUser: Number(e.target.value) }, { touch: true })}
          >
            {slowmodeSteps.map((s) => (
              <option key={s} value={s}>
                {slowmodeLabel(s)}
              </option>
            ))}
          </select>
          <p id={ids.slowmodeHint} className={styles.hint}>
            {t('overview.slowmodeHint')}
          </p>
        </div>
      )}
      {fields.userLimit && (
        <div className={styles.field}>
          <div className={styles.labelRow}>
            <span id={ids.userLimit} className={styles.label}>
              {t('overview.userLimit')}
            </span>
            <span className={styles.aside} aria-hidden="true">
              {userLimitText(form.values.userLimit)}
            </span>
          </div>
          <div className={styles.limitRow} role="group" aria-labelledby={ids.userLimit} aria-describedby={ids.userLimitHint}>
            <input
              type="range"
              className={styles.range}
              min={LIMITS.userLimit.min}
              max={LIMITS.userLimit.max}
              step={1}
              value={form.values.userLimit}
              aria-label={t('overview.userLimitSlider')}
              aria-valuetext={userLimitText(form.values.userLimit)}
              onChange={(e) => form.set({ userLimit: Number(e.target.value) }, { touch: true })}
            />
            <input
              type="number"
              className={`${fieldStyles.input} ${styles.number}`}
              min={LIMITS.userLimit.min}
              max={LIMITS.userLimit.max}
              step={1}
              inputMode="numeric"
              value={Number.isNaN(form.values.userLimit) ? '' : form.values.userLimit}
              aria-label={t('overview.userLimitNumber')}
              onChange={(e) => form.set({ userLimit: e.target.value === '' ? Number.NaN : Number(e.target.value) }, { touch: true })}
            />
          </div>
          <p id={ids.userLimitHint} className={styles.hint}>
            {t('overview.userLimitHint')}
          </p>
          {form.errorFor('userLimit') && <p className={styles.error}>{form.errorFor('userLimit')}</p>}
        </div>
      )}
      {fields.stream && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>{t('overview.stream')}</legend>
          <StreamFields
            platform={form.values.streamPlatform}
            onPlatformChange={(streamPlatform) => form.set({ streamPlatform }, { touch: true })}
            streamer={{ ...form.text('streamChannel', { live: true }), error: form.errorFor('additionalData') }}
          />
        </fieldset>
      )}
      <div className={styles.switchRow}>
        <CheckboxField role="switch" label={t('overview.nsfw')} {...form.checkbox('nsfw')} aria-describedby={`${ids.description}-nsfw`} />
        <p id={`${ids.description}-nsfw`} className={styles.hint}>
          {t('overview.nsfwHint')}
        </p>
      </div>

      <section className={styles.dangerZone} aria-labelledby={`${ids.description}-actions`}>
        <h4 id={`${ids.description}-actions`} className={styles.subheading}>
          {t('overview.actions')}
        </h4>
        {access.can(TeamPermission.MANAGE_CHANNELS) && (
          <div className={styles.actionRow}>
            <p className={styles.hint}>{t('overview.cloneHint')}</p>
            <Button variant="secondary" size="sm" onClick={cloneChannel} loading={clone.isPending}>
              {t('overview.clone')}
            </Button>
          </div>
        )}
        <div className={styles.actionRow}>
          <p className={styles.hint}>{t('overview.deleteHint')}</p>
          <Button variant="danger" size="sm" onClick={() => setConfirmDelete(true)}>
            {t('overview.delete')}
          </Button>
        </div>
      </section>

      <SaveBar visible={dirty} onReset={reset} onSave={() => void save()} invalid={!form.data} saving={update.isPending} error={form.formError} />
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('overview.deleteTitle', { name: channel.name })}
        message={t('overview.deleteMessage')}
        confirmLabel={t('overview.deleteConfirm')}
        onConfirm={async () => {
          await remove.mutateAsync(channel.id);
          toast.show(t('overview.deleted'), 'success');
          onDeleted();
        }}
      />
    </form>
  );
}
