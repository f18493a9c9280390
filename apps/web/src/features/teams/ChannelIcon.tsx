import type { ChannelType } from '@rally/shared/permissions';

const PATHS: Partial<Record<ChannelType, string>> = {
  text: 'M10 3 8 21M16 3l-2 18M4 8.5h17M3 15.5h17',
  voice: 'M4 9.5v5h4l5 4v-13l-5 4H4ZM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
  todo: 'M4 5h4v4H4zM4 15h4v4H4zM11 7h9M11 17h9M4.8 6.8l1 1 1.6-1.8',
  watchstream: 'M3 6h18v11H3zM8 21h8M10 9.5v4l3.5-2z',
  announcement: 'M3 10v4h3l7 4V6L6 10H3ZM16 9a4 4 0 0 1 0 6M6 14l1.5 5h2.5l-1-4.2',
  whiteboard: 'M3 4h18v12H3zM9 20l3-4 3 4M7 12l3-3 2 2 4-4',
};

/** The type icon of a channel (decorative; the type is named in text where it matters). */
export function ChannelIcon({ type, size = 18 }: { type: ChannelType; size?: number }) {
  const d = PATHS[type] ?? PATHS.text;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
