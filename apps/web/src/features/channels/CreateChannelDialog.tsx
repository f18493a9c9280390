import { CREATABLE_CHANNEL_TYPES } from '@rally/shared/api/channels';
import type { Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useZodForm } from '../../lib/form/use-zod-form';
import { ChannelIcon } from '../teams/ChannelIcon';
import { useTeamChannels } from '../teams/channel-queries';
import { createChannelForm, createChannelValues } from './channel-forms';
import styles from './ChannelDialogs.module.css';
import { DialogFormFooter } from './DialogFormFooter';
import { NameCounter } from './NameCounter';
import { useCreateChannel } from './mutations';
import { StreamFields } from './StreamFields';
import fieldStyles from '../../components/ui/Field.module.css';

interface Props {
  team: Pick<Team, 'id'>;
  /** The category whose + button opened the dialog (preselected), or null. */
  categoryId: string | null;
  onClose: () => void;
}

/** Types still marked BETA where they are offered (spec 001 §5). */
const BETA_TYPES = new Set(['voice', 'announcement']);

/**
 * Create a channel (spec 001 §2, §5): its type as radio cards, a name of 1–20 characters, a category
 * (none or one of the team's) and, for a watch stream, the platform and streamer. A new text channel
 * opens at once; a failure shows the server's message in the dialog.
 */
export function CreateChannelDialog({ team, categoryId, onClose }: Props) {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const categories = useTeamChannels(team.id).data?.categories ?? [];
  const create = useCreateChannel(team.id);
  const form = useZodForm({
    schema: createChannelForm,
    initialValues: createChannelValues(categoryId && categories.some((c) => c.id === categoryId) ? categoryId : null),
    fields: ['name', 'type', 'categoryId', 'additionalData'],
    errorField: { streamChannel: 'additionalData', streamPlatform: 'additionalData' },
  });
  const { type } = form.values;

  const submit = form.handleSubmit(async (body) => {
    const channel = await create.mutateAsync(body);
    onClose();
    if (channel.type === 'text') void navigate(`/teams/${team.id}/channels/${channel.id}`);
  });

  return (
    <Dialog open onClose={onClose} title={t('create.title')} description={t('create.description')} size="lg">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className={styles.typeFieldset}>
          <legend className={styles.legend}>{t('create.type')}</legend>
          <div className={styles.typeGrid}>
            {CREATABLE_CHANNEL_TYPES.map((kind) => (
              <label key={kind} className={`${styles.typeCard} ${type === kind ? styles.typeCardChecked : ''}`}>
                <input
                  type="radio"
                  name="type"
                  value={kind}
                  checked={type === kind}
                  onChange={() => form.set({ type: kind }, { touch: true })}
                  className={styles.typeRadio}
                  aria-describedby={`channel-type-${kind}-desc`}
                />
                <span className={styles.typeIcon}>
                  <ChannelIcon type={kind} size={22} />
                </span>
                <span className={styles.typeText}>
                  <span className={styles.typeName}>
                    {t(`types.${kind}.name`)}
                    {BETA_TYPES.has(kind) && <span className={styles.beta}>{t('beta')}</span>}
                  </span>
                  <span id={`channel-type-${kind}-desc`} className={styles.typeDescription}>
                    {t(`types.${kind}.description`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('create.name')}
          autoComplete="off"
          placeholder={t('create.namePlaceholder')}
          maxLength={LIMITS.channelName.max + 20}
          {...form.text('name', { live: true })}
          labelAside={<NameCounter value={form.values.name} max={LIMITS.channelName.max} />}
        />
        <label className={styles.selectField}>
          <span className={styles.label}>{t('create.category')}</span>
          <select className={fieldStyles.select} value={form.values.categoryId} onChange={(e) => form.set({ categoryId: e.target.value }, { touch: true })}>
            <option value="">{t('create.noCategory')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {type === 'watchstream' && (
          <StreamFields
            platform={form.values.streamPlatform}
            onPlatformChange={(streamPlatform) => form.set({ streamPlatform }, { touch: true })}
            streamer={{
              ...form.text('streamChannel'),
              error: form.errorFor('additionalData'),
              placeholder: t('create.streamChannelPlaceholder'),
              hint: t('create.streamChannelHint'),
            }}
          />
        )}
        <DialogFormFooter formError={form.formError} onCancel={onClose} submitLabel={t('create.submit')} invalid={!form.data} pending={create.isPending} />
      </form>
    </Dialog>
  );
}
