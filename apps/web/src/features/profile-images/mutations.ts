import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, uploadFile } from '../../lib/api';
import { updateMeUser } from '../auth/cache';

/** Which of the user's images: the avatar (upload type userAvatar) or the profile banner (userBanner). */
export type ProfileImage = 'avatar' | 'banner';

export interface ProfileImageInput {
  /** The image to upload and show (a cropped PNG, or an animated GIF as it was chosen); null removes the current one. */
  file: Blob | null;
  /** The upload's progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Change or remove the signed-in user's avatar or banner (000 §4: choose, crop, upload, save): the
 * image is uploaded (POST /api/v1/upload, type userAvatar or userBanner), then its URL saved (POST
 * /api/v1/me/profile/avatar | banner); `me` shows it at once after. The circle hears of it through
 * USER_PROFILE_UPDATED (users/events.ts), this session too.
 */
export function useSetProfileImage(image: ProfileImage) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: ProfileImageInput): Promise<string | null> => {
      const url = file ? (await uploadFile({ kind: image === 'avatar' ? 'userAvatar' : 'userBanner', file }, { onProgress })).url : null;
      if (image === 'avatar') return (await call('setAvatar', { body: { avatar: url } })).avatar;
      return (await call('setBanner', { body: { banner: url } })).banner;
    },
    onSuccess: (url) => updateMeUser(qc, (user) => (image === 'avatar' ? { ...user, profilePicture: url } : { ...user, banner: url })),
  });
}
