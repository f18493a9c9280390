import type { UploadKind } from '@rally/shared/api/uploads';
import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '../../lib/api';

/** Upload an image (a team picture or banner now; avatars later): resolves with the stored image's `url`. */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (input: { kind: UploadKind; file: Blob; teamId?: string }) => (await uploadImage(input)).url,
  });
}
