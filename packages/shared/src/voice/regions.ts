/** The voice regions (001 §9): every voice channel has one; us-east-1 is the default. */
export const VOICE_REGIONS = [
  'us-west-1',
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'eu-south-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-east-1',
  'ca-central-1',
] as const;
export type VoiceRegion = (typeof VOICE_REGIONS)[number];
export const DEFAULT_VOICE_REGION: VoiceRegion = 'us-east-1';

/** The largest screen share (000 §9): Plus holders; everyone else gets the lower cap. */
export const SCREEN_CAP_PLUS = { width: 1920, height: 1080, fps: 60 } as const;
export const SCREEN_CAP_DEFAULT = { width: 1280, height: 720, fps: 30 } as const;
