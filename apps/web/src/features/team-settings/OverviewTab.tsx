import type { Team } from '@rally/shared/api/teams';
import { LIMITS } from '@rally/shared/limits';
import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { CheckboxField } from '../../components/ui/CheckboxField';
import fieldStyles from '../../components/ui/Field.module.css';
import { SaveBar } from '../../components/ui/SaveBar';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/toast-context';
import { useZodForm } from '../../lib/form/use-zod-form';
import { firstLetter } from '../../lib/initials';
import { IMAGE_MAX_MB, IMAGE_TYPES, imageFileProblem, isAnimatedGifFile } from '../uploads/image-file';
import { useUploadImage } from '../uploads/mutations';
import { ChangeOwnerDialog } from './ChangeOwnerDialog';
import { BANNER_SHAPE, ImageCropDialog, PICTURE_SHAPE } from '../uploads/ImageCropDialog';
import { useUpdateTeam } from './mutations';
import { overviewChanges, overviewForm, overviewValues } from './overview-form';
import styles from './OverviewTab.module.css';
import { Picture } from '../../components/ui/Picture';

type ImageField = 'profilePicture' | 'banner';

interface Props {
  team: Team;
  isOwner: boolean;
  /** Holds MANAGE_TEAM (without it the tab only shows the team). */
  canManage: boolean;
}

/**
 * The overview tab: picture and banner (chosen, cropped, uploaded), name, description with its
 * counter, safe for teen with its locks, and the owner transfer (creator only). Changes are held
 * locally under the save bar; Save sends only what differs from the stored team.
 */
export function OverviewTab({ team, isOwner, canManage }: Props) {
  const { t } = useTranslation(['team-settings', 'errors', 'common']);
  const toast = useToast();
  const schema = useMemo(() => overviewForm(team), [team]);
  const initialValues = useMemo(() => overviewValues(team), [team]);
  const form = useZodForm({ schema, initialValues, fields: ['name', 'description', 'isSafeForTeen', 'profilePicture', 'banner'] });
  const update = useUpdateTeam(team.id);
  const upload = useUploadImage();
  const [cropping, setCropping] = useState<{ field: ImageField; src: string } | null>(null);
  const [fileError, setFileError] = useState<{ field: ImageField; message: string } | null>(null);
  const [ownerDialog, setOwnerDialog] = useState(false);
  const ids = { description: useId(), counter: useId(), teenHint: useId(), pictureHint: useId(), bannerHint: useId(), owner: useId() };

  const { values } = form;
  const dirty = Object.keys(overviewChanges(team, values)).length > 0;
  // Locks of the stored team: the server refuses name and banner while it is safe for teen.
  const locked = team.isSafeForTeen;
  const teenSwitchable = canManage && team.memberCount <= LIMITS.safeForTeenMembers;
  const descriptionLength = values.description.length;
  const descriptionError = form.errorFor('description');

  const kindOf = (field: ImageField) => (field === 'profilePicture' ? 'teamIcon' : 'teamBanner');

  const pick = (field: ImageField) => async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setFileError({ field, message: t(problem, { max: IMAGE_MAX_MB }) });
    setFileError(null);
    if (!(await isAnimatedGifFile(file))) return setCropping({ field, src: URL.createObjectURL(file) });
    // An animated GIF is uploaded as it is (a canvas would keep its first frame only).
    try {
      form.set({ [field]: await upload.mutateAsync({ kind: kindOf(field), file, teamId: team.id }) }, { touch: true });
    } catch (err) {
      setFileError({ field, message: err instanceof Error && err.message ? err.message : t('errors:upload_failed') });
    }
  };

  const closeCrop = () => {
    if (cropping) URL.revokeObjectURL(cropping.src);
    setCropping(null);
  };

  const applyCrop = async (png: Blob) => {
    if (!cropping) return;
    const url = await upload.mutateAsync({ kind: kindOf(cropping.field), file: png, teamId: team.id });
    form.set({ [cropping.field]: url }, { touch: true });
    closeCrop();
  };

  const save = form.handleSubmit(async (body) => {
    await update.mutateAsync(body);
    toast.show(t('overview.saved'), 'success');
  });

  const reset = () => {
    form.reset();
    update.reset();
    setFileError(null);
  };

  /** The upload, change and remove buttons of an image field. */
  const imageButtons = (field: ImageField, disabled: boolean) => ({
    field,
    present: Boolean(values[field]),
    disabled,
    error: fileError?.field === field ? fileError.message : null,
    onPick: (e: ChangeEvent<HTMLInputElement>) => void pick(field)(e),
    onRemove: () => form.set({ [field]: null }, { touch: true }),
  });
  const saveError = form.formError;

  return (
    <div className={styles.tab}>
      <h2 className={styles.heading}>{t('overview.heading')}</h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (dirty) save(e);
        }}
      >
        <div className={styles.images}>
          <div className={styles.pictureBlock}>
            <div className={styles.picture}>
              <Picture
                src={values.profilePicture}
                alt={t('overview.pictureAlt', { name: team.name })}
                className={styles.pictureImg}
                fallback={<span aria-hidden="true">{firstLetter(team.name)}</span>}
              />
            </div>
            <div className={styles.imageControls}>
              <h3 className={styles.label}>{t('overview.picture')}</h3>
              <p id={ids.pictureHint} className={styles.hint}>
                {t('overview.pictureHint')}
              </p>
              <ImageButtons {...imageButtons('profilePicture', !canManage)} hintId={ids.pictureHint} />
            </div>
          </div>

          <div className={styles.bannerBlock}>
            <h3 className={styles.label}>{t('overview.banner')}</h3>
            <div className={styles.banner}>
              {values.banner ? (
                <img src={values.banner} alt={t('overview.bannerAlt', { name: team.name })} className={styles.bannerImg} />
              ) : (
                <span className={styles.noBanner}>{t('overview.noBanner')}</span>
              )}
            </div>
            <p id={ids.bannerHint} className={styles.hint}>
              {locked ? t('overview.lockedHint') : t('overview.bannerHint')}
            </p>
            <ImageButtons {...imageButtons('banner', !canManage || locked)} hintId={ids.bannerHint} />
          </div>
        </div>

        <TextField
          label={t('overview.name')}
          autoComplete="off"
          maxLength={LIMITS.teamName.max + 20}
          disabled={!canManage || locked}
          hint={locked ? t('overview.lockedHint') : undefined}
          {...form.text('name', { live: true })}
          labelAside={
            <span className={[...values.name.trim()].length > LIMITS.teamName.max ? styles.over : undefined} aria-hidden="true">
              {[...values.name.trim()].length}/{LIMITS.teamName.max}
            </span>
          }
        />

        <div className={fieldStyles.field}>
          <div className={fieldStyles.labelRow}>
            <label htmlFor={ids.description} className={fieldStyles.label}>
              {t('overview.description')}
            </label>
            <span className={`${fieldStyles.aside} ${descriptionLength > LIMITS.teamDescription.max ? styles.over : ''}`} aria-hidden="true">
              {descriptionLength}/{LIMITS.teamDescription.max}
            </span>
          </div>
          <textarea
            id={ids.description}
            name="description"
            rows={4}
            className={`${fieldStyles.textarea} ${descriptionError ? fieldStyles.invalid : ''}`}
            placeholder={t('overview.descriptionPlaceholder')}
            value={values.description}
            disabled={!canManage}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={ids.counter}
            onChange={(e) => form.set({ description: e.target.value }, { touch: true })}
            onBlur={() => form.touch('description')}
          />
          <p id={ids.counter} className={descriptionError ? fieldStyles.error : 'visually-hidden'} aria-live="polite">
            {descriptionError ?? t('overview.counter', { count: descriptionLength, max: LIMITS.teamDescription.max })}
          </p>
        </div>

        <div className={styles.teen}>
          <CheckboxField label={t('overview.safeForTeen')} disabled={!teenSwitchable} aria-describedby={ids.teenHint} {...form.checkbox('isSafeForTeen')} />
          <p id={ids.teenHint} className={styles.hint}>
            {team.memberCount > LIMITS.safeForTeenMembers ? t('overview.safeForTeenTooBig') : t('overview.safeForTeenHint')}
          </p>
        </div>

        {isOwner && (
          <section className={styles.owner} aria-labelledby={ids.owner}>
            <div>
              <h3 id={ids.owner} className={styles.label}>
                {t('overview.owner')}
              </h3>
              <p className={styles.hint}>{t('overview.ownerHint')}</p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => setOwnerDialog(true)}>
              {t('overview.changeOwner')}
            </Button>
          </section>
        )}

        <SaveBar visible={dirty} onReset={reset} onSave={() => save()} invalid={!form.data || upload.isPending} saving={update.isPending} error={saveError} />
      </form>

      {cropping && (
        <ImageCropDialog
          title={cropping.field === 'profilePicture' ? t('crop.pictureTitle') : t('crop.bannerTitle')}
          src={cropping.src}
          shape={cropping.field === 'profilePicture' ? PICTURE_SHAPE : BANNER_SHAPE}
          onCancel={closeCrop}
          onApply={applyCrop}
        />
      )}
      {ownerDialog && <ChangeOwnerDialog team={team} onClose={() => setOwnerDialog(false)} />}
    </div>
  );
}

const BUTTON_LABELS = {
  profilePicture: { upload: 'overview.uploadPicture', change: 'overview.changePicture', remove: 'overview.removePicture' },
  banner: { upload: 'overview.uploadBanner', change: 'overview.changeBanner', remove: 'overview.removeBanner' },
} as const;

interface ImageButtonsProps {
  field: ImageField;
  /** The field holds an image: Change and Remove instead of Upload. */
  present: boolean;
  disabled: boolean;
  /** The hint that describes the upload button. */
  hintId: string;
  /** Why the chosen file was refused. */
  error: string | null;
  onPick: (e: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}

/** An image field's hidden file input, opened by its Upload (or Change) button, the Remove button, and the chosen file's error. */
function ImageButtons({ field, present, disabled, hintId, error, onPick, onRemove }: ImageButtonsProps) {
  const { t } = useTranslation('team-settings');
  const input = useRef<HTMLInputElement>(null);
  const labels = BUTTON_LABELS[field];
  return (
    <>
      <div className={styles.buttons}>
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t(labels.upload)}
          onChange={onPick}
          disabled={disabled}
        />
        <Button size="sm" variant="secondary" disabled={disabled} onClick={() => input.current?.click()} aria-describedby={hintId}>
          {t(present ? labels.change : labels.upload)}
        </Button>
        {present && !disabled && (
          <Button size="sm" variant="ghost" onClick={onRemove}>
            {t(labels.remove)}
          </Button>
        )}
      </div>
      {error && (
        <p className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
