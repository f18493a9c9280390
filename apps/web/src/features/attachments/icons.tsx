import type { AttachmentType } from '@rally/shared/api/attachments';

/** The attach button's paperclip. */
export function PaperclipIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M20.5 11.5 12.3 19.7a5 5 0 0 1-7.07-7.07l8.49-8.49a3.33 3.33 0 0 1 4.71 4.71l-8.49 8.49a1.67 1.67 0 0 1-2.36-2.36l7.78-7.78"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A page with a folded corner, marked for audio and video (a file that shows no preview). */
export function FileTypeIcon({ type, size = 28 }: { type: AttachmentType; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M6 2.75h7.5L19.25 8.5v12A1.75 1.75 0 0 1 17.5 22.25h-11.5A1.75 1.75 0 0 1 4.25 20.5v-16A1.75 1.75 0 0 1 6 2.75Z"
        fill="currentColor"
        opacity="0.18"
      />
      <path
        d="M13.5 2.75V7a1.5 1.5 0 0 0 1.5 1.5h4.25M6 2.75h7.5L19.25 8.5v12A1.75 1.75 0 0 1 17.5 22.25h-11.5A1.75 1.75 0 0 1 4.25 20.5v-16A1.75 1.75 0 0 1 6 2.75Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      {type === 'audio' && (
        <path
          d="M10.5 17.5v-5.25l4-1v5.25M10.5 17.5a1.25 1.25 0 1 1-1.25-1.25 1.25 1.25 0 0 1 1.25 1.25Zm4-1a1.25 1.25 0 1 1-1.25-1.25 1.25 1.25 0 0 1 1.25 1.25Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.3"
        />
      )}
      {type === 'video' && <path d="M10 12v5.5l4.75-2.75L10 12Z" fill="currentColor" />}
      {type !== 'audio' && type !== 'video' && <path d="M8 13h8M8 16h8M8 19h5" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />}
    </svg>
  );
}

/** The download arrow of a file card. */
export function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
