import { uploadLimitBytes } from '@rally/shared/api/uploads';
import { LIMITS } from '@rally/shared/limits';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { ApiError } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { isPremium } from '../messages/premium';
import { useUploadAttachment } from '../uploads/mutations';
import type { Attachment } from '@rally/shared/api/attachments';
import type { AttachSource, Rejection } from './checks';
import { AttachmentDraft, draftState, type DraftDeps, type PendingAttachment } from './draft';
import { limitMegabytes } from './file-size';
import { readVideoSize } from './video-size';

/** The composer's attachments (what ChatView hands the composer and its drop zone). */
export interface AttachmentsApi {
  items: readonly PendingAttachment[];
  /** The user's file size limit in bytes (20 MB, 50 MB with Plus). */
  limitBytes: number;
  /** At the 5 of a message: the attach button is off. */
  full: boolean;
  uploading: boolean;
  failed: boolean;
  /** How many are uploaded and ready to send. */
  ready: number;
  /** The uploaded attachments, in the order added (what a send or a schedule carries). */
  uploaded: Attachment[];
  /** Why the last files were refused (the spec's texts), until the next change. */
  errors: string[];
  add: (files: readonly File[], source: AttachSource) => void;
  remove: (key: string) => void;
  retry: (key: string) => void;
  /** The uploaded attachments for a send; the list starts over. */
  take: () => ReturnType<AttachmentDraft['take']>;
  dismissErrors: () => void;
}

/**
 * The attachments of one chat's message being written (`chatKey`: a new chat starts over, and its
 * uploads are aborted when it closes). Files are checked on the client first (001 §7, §9), with the
 * spec's texts for a refusal; each accepted file uploads at once. A failed upload shows the
 * server's message on its row, and a toast 'Upload failed' when it was dropped (001 §8).
 */
export function useAttachmentDraft(chatKey: string): AttachmentsApi {
  const { t } = useTranslation(['attachments', 'errors']);
  const toast = useToast();
  const me = useMeUser();
  const limitBytes = uploadLimitBytes(isPremium(me));
  const upload = useUploadAttachment();
  const [errors, setErrors] = useState<{ key: string; messages: string[] }>({ key: chatKey, messages: [] });

  const deps: DraftDeps = {
    upload: (file, size, init) => upload.mutateAsync({ file, size, ...init }),
    videoSize: readVideoSize,
    createUrl: (file) => URL.createObjectURL(file),
    revokeUrl: (url) => URL.revokeObjectURL(url),
    errorMessage: (err) => (err instanceof ApiError ? err.message : t('errors:upload_failed')),
    failed: (item) => {
      if (item.source === 'drop') toast.show(t('dropFailed'), 'error');
    },
  };
  // One list per chat; `chatKey` is what makes a new one.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- deps are attached after each render below; a new chat needs a new list
  const draft = useMemo(() => new AttachmentDraft(deps), [chatKey]);
  useEffect(() => draft.attach(deps));
  useEffect(() => () => draft.clear(), [draft]);
  const items = useSyncExternalStore(draft.subscribe, draft.getItems);
  const state = draftState(items);
  const uploaded = useMemo(() => items.flatMap((i) => (i.attachment ? [i.attachment] : [])), [items]);

  const reason = useCallback(
    (why: Rejection, name: string): string => {
      switch (why) {
        case 'format':
          return t('fileRefused', { name, error: t('errors:attachment_format_unsupported') });
        case 'notImage':
          return t('fileRefused', { name, error: t('dropImagesOnly') });
        case 'tooLarge':
          return t('fileRefused', { name, error: t('errors:upload_too_large', { max: limitMegabytes(limitBytes) }) });
        case 'tooMany':
          return t('errors:attachments_too_many', { max: LIMITS.attachments.max });
      }
    },
    [t, limitBytes],
  );

  const add = useCallback(
    (files: readonly File[], source: AttachSource) => {
      const rejected = draft.add(files, source, limitBytes);
      const messages = [...new Set(rejected.map((r) => reason(r.reason, r.file.name)))];
      setErrors({ key: chatKey, messages });
    },
    [draft, limitBytes, reason, chatKey],
  );

  const dismissErrors = useCallback(() => setErrors({ key: chatKey, messages: [] }), [chatKey]);

  return {
    items,
    limitBytes,
    full: items.length >= LIMITS.attachments.max,
    ...state,
    uploaded,
    errors: errors.key === chatKey ? errors.messages : [],
    add,
    remove: useCallback((key: string) => draft.remove(key), [draft]),
    retry: useCallback((key: string) => draft.retry(key), [draft]),
    take: useCallback(() => draft.take(), [draft]),
    dismissErrors,
  };
}
