import type { Attachment } from '@rally/shared/api/attachments';
import type { UploadKind } from '@rally/shared/api/uploads';
import { useMutation } from '@tanstack/react-query';
import { uploadFile, type UploadInit } from '../../lib/api';

/** Upload an image (a team picture or banner, a custom background): resolves with the stored image's `url`; `onProgress` hears the upload's progress (0 to 1). */
export function useUploadImage() {
  return useMutation({
    mutationFn: async ({ onProgress, ...input }: { kind: UploadKind; file: Blob; teamId?: string; onProgress?: (fraction: number) => void }) =>
      (await uploadFile(input, { onProgress })).url,
  });
}

export interface AttachmentUpload extends UploadInit {
  file: File;
  /** A video's size as the browser read it (null: unknown). */
  size: { width: number; height: number } | null;
}

/**
 * Upload a message attachment (type `attachment`): resolves with the attachment the server made of
 * it, which a send names by id. Several run at once (one call of `mutateAsync` per file), each with
 * its own progress and abort signal.
 */
export function useUploadAttachment() {
  return useMutation({
    mutationFn: async ({ file, size, signal, onProgress }: AttachmentUpload): Promise<Attachment> => {
      const res = await uploadFile({ kind: 'attachment', file, width: size?.width, height: size?.height }, { signal, onProgress });
      if (!res.attachment) throw new Error('the upload answered without an attachment');
      return res.attachment;
    },
  });
}
