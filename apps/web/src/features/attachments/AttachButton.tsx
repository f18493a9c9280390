import { ATTACHMENT_ACCEPT } from '@rally/shared/api/attachments';
import { LIMITS } from '@rally/shared/limits';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PaperclipIcon } from './icons';
import type { AttachmentsApi } from './use-attachment-draft';

interface Props {
  attachments: AttachmentsApi;
  className?: string;
}

/**
 * The paperclip: opens the file picker (several files, the attachment formats). At the 5 files of a
 * message it is off, and its tooltip says the limit (001 §7); it stays focusable (aria-disabled) so
 * that the limit can be read.
 */
export function AttachButton({ attachments, className }: Props) {
  const { t } = useTranslation(['attachments', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const limitId = useId();
  const { full } = attachments;
  const label = t('attach');
  const limitText = t('errors:attachments_too_many', { max: LIMITS.attachments.max });
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-disabled={full || undefined}
        title={full ? limitText : label}
        aria-describedby={full ? limitId : undefined}
        onClick={() => {
          if (!full) input.current?.click();
        }}
      >
        <PaperclipIcon />
      </button>
      {full && (
        <span id={limitId} hidden>
          {limitText}
        </span>
      )}
      <input
        ref={input}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        hidden
        tabIndex={-1}
        aria-label={label}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // The same file may be chosen again (after removing it).
          e.target.value = '';
          if (files.length) attachments.add(files, 'pick');
        }}
      />
    </>
  );
}
