export type FeatureKey = 'teamManagement' | 'watchParties' | 'taskManagement' | 'voiceCommunication' | 'screensharing' | 'scheduledMessages';

const PATHS: Record<FeatureKey, string[]> = {
  teamManagement: ['M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z', 'M12 8.5a2 2 0 110 4 2 2 0 010-4zM8.8 16c.6-1.6 1.8-2.4 3.2-2.4s2.6.8 3.2 2.4'],
  watchParties: ['M3 5h18v12H3z', 'M10 8.5v5l4.5-2.5L10 8.5z', 'M8 21h8M12 17v4'],
  taskManagement: ['M9 6h11M9 12h11M9 18h11', 'M3.5 6l1.5 1.5L7.5 5M3.5 12l1.5 1.5L7.5 11M3.5 18l1.5 1.5 2.5-2.5'],
  voiceCommunication: ['M12 3a3 3 0 013 3v5a3 3 0 01-6 0V6a3 3 0 013-3z', 'M5.5 11a6.5 6.5 0 0013 0M12 17.5V21M8.5 21h7'],
  screensharing: ['M3 4h18v12H3z', 'M12 13V7.5M9.5 10L12 7.5l2.5 2.5', 'M8 20h8M12 16v4'],
  scheduledMessages: ['M12 21a9 9 0 100-18 9 9 0 000 18z', 'M12 7v5l3.5 2'],
};

export function FeatureIcon({ feature, size = 26 }: { feature: FeatureKey; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {PATHS[feature].map((d) => (
        <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
      ))}
    </svg>
  );
}
