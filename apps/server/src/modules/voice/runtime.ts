import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../bus/types';
import { publishEvent, type Publisher } from '../../lib/events';
import type { MediaSettings } from '../../sfu/config';
import type { VoiceGrant } from '../../sfu/token';
import { EmbeddedSfu } from './embedded-sfu';
import { MemoryVoiceStates, type VoicePlace, type VoiceStates } from './states';

/**
 * Voice in this server process: the SFU it runs (embedded-sfu.ts) and who is in which channel,
 * kept from what the SFU reports, each change told to the channel's sessions (VOICE_JOINED,
 * VOICE_UPDATED, VOICE_LEFT).
 */
export interface VoiceRuntime {
  sfu: EmbeddedSfu;
  states: VoiceStates;
  settings: MediaSettings;
  /** The secret voice tokens are signed with (shared with the SFU). */
  secret: string;
  close(): Promise<void>;
}

const placeOf = (grant: VoiceGrant): VoicePlace => ({ teamId: grant.teamId, channelId: grant.channelId });

export function createVoiceRuntime(options: { secret: string; settings: MediaSettings; bus: EventBus; log: FastifyBaseLogger }): VoiceRuntime {
  const { bus, log, settings } = options;
  const publisher: Publisher = { bus, log };
  const states: VoiceStates = new MemoryVoiceStates();
  const secret = `voice:${options.secret}`;
  // The SFU's reports are applied one at a time, in order: a quick join and leave stay in that order.
  let queue = Promise.resolve();
  const apply = (what: string, work: () => Promise<void>) => {
    queue = queue.then(work).catch((err: unknown) => log.error({ err }, `voice: ${what} failed`));
  };

  const left = async (place: VoicePlace, userId: string) => {
    await publishEvent(publisher, { audience: { kind: 'channel', channelId: place.channelId }, event: { type: 'VOICE_LEFT', data: { ...place, userId } } });
  };

  const sfu = new EmbeddedSfu(
    secret,
    settings,
    {
      joined: (grant) => {
        const place = placeOf(grant);
        apply('recording a join', async () => {
          const { participant, previous } = await states.join(place, grant.userId, new Date());
          if (previous) await left(previous, grant.userId);
          await publishEvent(publisher, {
            audience: { kind: 'channel', channelId: place.channelId },
            event: { type: 'VOICE_JOINED', data: { ...place, participant } },
          });
        });
      },
      changed: (grant, state) => {
        const place = placeOf(grant);
        apply('recording a change', async () => {
          const participant = await states.change(place, grant.userId, { muted: state.muted, deafened: state.deafened, sources: state.sources });
          if (participant) {
            await publishEvent(publisher, {
              audience: { kind: 'channel', channelId: place.channelId },
              event: { type: 'VOICE_UPDATED', data: { ...place, participant } },
            });
          }
        });
      },
      left: (grant) => {
        const place = placeOf(grant);
        apply('recording a leave', async () => {
          if (await states.leave(place, grant.userId)) await left(place, grant.userId);
        });
      },
      crashed: () => {
        apply('clearing the voice states', async () => {
          for (const { place, userId } of await states.clear()) await left(place, userId);
        });
      },
    },
    log,
  );

  return { sfu, states, settings, secret, close: () => sfu.close() };
}
