import type { SelfUser } from '@rally/shared/api/users';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPremium } from '../messages/premium';
import { Avatar } from '../messages/Avatar';
import { BANNER_SHAPE, ImageCropDialog, PICTURE_SHAPE } from '../uploads/ImageCropDialog';
import { IMAGE_MAX_MB, IMAGE_TYPES, imageFileProblem, isAnimatedGifFile } from '../uploads/image-file';
import { useSetProfileImage, type ProfileImage } from './mutations';
import styles from './ProfileImagesEditor.module.css';

/** What the editor tells under the images: an error, or the note that an animated GIF went up uncropped. */
type Notice = { kind: 'error' | 'note'; text: string } | null;

/**
 * The top of My account (000 §2, §4): the user's banner and avatar with their name. Hovering or
 * focusing either offers Change and Remove; Change chooses a PNG, JPEG or GIF of at most 20 MB,
 * crops it (avatar 1:1, banner 16:9) into a PNG, uploads it (with its progress) and saves it; an
 * animated GIF is uploaded as it is ('GIF cropping unsupported').
 */
export function ProfileImagesEditor({ user }: { user: SelfUser }) {
  const { t } = useTranslation(['profile-images', 'uploads', 'errors']);
  const avatar = useSetProfileImage('avatar');
  const banner = useSetProfileImage('banner');
  const mutations = { avatar, banner };
  const inputs = { avatar: useRef<HTMLInputElement>(null), banner: useRef<HTMLInputElement>(null) };
  const [cropping, setCropping] = useState<{ image: ProfileImage; src: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const ids = { notice: useId() };
  const premium = isPremium(user);

  const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : t('errors:upload_failed'));

  /** Upload and save (null: remove); the progress shows meanwhile. Rejects with the error's text for the crop dialog. */
  const save = async (image: ProfileImage, file: Blob | null) => {
    setProgress(file ? 0 : null);
    try {
      await mutations[image].mutateAsync({ file, onProgress: setProgress });
    } catch (err) {
      throw new Error(errorText(err), { cause: err });
    } finally {
      setProgress(null);
    }
  };

  const pick = (image: ProfileImage) => async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setNotice({ kind: 'error', text: t(problem, { max: IMAGE_MAX_MB }) });
    setNotice(null);
    if (await isAnimatedGifFile(file)) {
      try {
        await save(image, file);
        setNotice({ kind: 'note', text: t('uploads:image.gifUncropped') });
      } catch (err) {
        setNotice({ kind: 'error', text: errorText(err) });
      }
      return;
    }
    setCropping({ image, src: URL.createObjectURL(file) });
  };

  const remove = (image: ProfileImage) => {
    setNotice(null);
    save(image, null).catch((err: unknown) => setNotice({ kind: 'error', text: errorText(err) }));
  };

  const closeCrop = () => {
    if (cropping) URL.revokeObjectURL(cropping.src);
    setCropping(null);
  };

  const busy = avatar.isPending || banner.isPending;
  const fileInput = (image: ProfileImage) => (
    <input
      ref={inputs[image]}
      type="file"
      accept={IMAGE_TYPES.join(',')}
      className="visually-hidden"
      tabIndex={-1}
      aria-label={t(`${image}.choose`)}
      onChange={(e) => void pick(image)(e)}
    />
  );
  const actions = (image: ProfileImage, present: boolean) => (
    <div className={styles.actions}>
      <button type="button" className={styles.action} disabled={busy} onClick={() => inputs[image].current?.click()}>
        {t(`${image}.change`)}
      </button>
      {present && (
        <button type="button" className={styles.action} disabled={busy} onClick={() => remove(image)}>
          {t(`${image}.remove`)}
        </button>
      )}
    </div>
  );

  return (
    <>
      <div className={styles.banner} role="group" aria-label={t('banner.label')}>
        {user.banner && <img src={user.banner} alt={t('banner.alt')} className={styles.bannerImg} />}
        {actions('banner', Boolean(user.banner))}
        {fileInput('banner')}
      </div>
      <div className={styles.identity}>
        <div className={`${styles.avatar} ${premium ? styles.premium : ''}`} role="group" aria-label={t('avatar.label')}>
          <Avatar id={user.id} name={user.username} size={70} src={user.profilePicture} premium={premium} />
          {actions('avatar', Boolean(user.profilePicture))}
          {fileInput('avatar')}
        </div>
        <div className={styles.names}>
          <p className={styles.name}>{user.username}</p>
          <p className={styles.slug}>@{user.slug}</p>
        </div>
      </div>
      {progress !== null && !cropping && (
        <div className={styles.progressRow}>
          <span>{t('uploads:image.uploading')}</span>
          <progress className={styles.progress} max={1} value={progress} aria-label={t('uploads:image.progress')} />
        </div>
      )}
      {notice && (
        <p id={ids.notice} className={notice.kind === 'error' ? styles.error : styles.note} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {cropping && (
        <ImageCropDialog
          title={t(`${cropping.image}.cropTitle`)}
          src={cropping.src}
          shape={cropping.image === 'avatar' ? { ...PICTURE_SHAPE, round: !premium } : BANNER_SHAPE}
          progress={progress}
          onCancel={closeCrop}
          onApply={async (png) => {
            await save(cropping.image, png);
            closeCrop();
          }}
        />
      )}
    </>
  );
}
