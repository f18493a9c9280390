import type { ParticipantState } from '@rally/shared/voice/signaling';
import type { SfuStats } from './engine';
import type { VoiceGrant } from './token';

/** Messages from an SFU process to the API process that started it (sfu/main.ts, sfu/embedded.ts). */
export type SfuToApi =
  | { type: 'ready'; port: number }
  | { type: 'joined'; grant: VoiceGrant }
  | { type: 'changed'; grant: VoiceGrant; state: ParticipantState }
  | { type: 'left'; grant: VoiceGrant }
  | { type: 'stats'; id: number; stats: SfuStats };

/** Messages from the API to its SFU process. */
export type ApiToSfu = { type: 'kick'; roomId: string; userId: string; reason: string } | { type: 'stats'; id: number };
