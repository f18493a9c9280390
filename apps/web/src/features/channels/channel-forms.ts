import { createChannelRequestSchema, updateChannelRequestSchema, type CREATABLE_CHANNEL_TYPES, type UpdateChannelRequest } from '@rally/shared/api/channels';
import type { Channel } from '@rally/shared/api/teams';
import type { LIMITS } from '@rally/shared/limits';
import { requestForm } from '../../lib/form/request-form';

export type CreatableChannelType = (typeof CREATABLE_CHANNEL_TYPES)[number];
export type StreamPlatform = (typeof LIMITS.streamPlatforms)[number];

/** The create channel dialog's values: the stream fields count only for a watch-stream channel; '' is no category. */
export interface CreateChannelValues {
  name: string;
  type: CreatableChannelType;
  categoryId: string;
  streamPlatform: StreamPlatform;
  streamChannel: string;
}

export const createChannelValues = (categoryId: string | null): CreateChannelValues => ({
  name: '',
  type: 'text',
  categoryId: categoryId ?? '',
  streamPlatform: 'twitch',
  streamChannel: '',
});

/** The create channel form, checked as the createChannel request it becomes. */
export const createChannelForm = requestForm(createChannelRequestSchema, (v: CreateChannelValues) => ({
  name: v.name,
  type: v.type,
  categoryId: v.categoryId || null,
  additionalData: v.type === 'watchstream' ? { streamPlatform: v.streamPlatform, streamChannel: v.streamChannel } : null,
}));

/** Slowmode steps offered (seconds; Discord's), up to the 6 hours the server allows. */
export const SLOWMODE_STEPS = [0, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21_600] as const;

/** A slowmode step as { unit, count } for its label ("5 seconds", "2 hours"); 0 is off. */
export function slowmodeParts(seconds: number): { unit: 'off' | 'seconds' | 'minutes' | 'hours'; count: number } {
  if (seconds <= 0) return { unit: 'off', count: 0 };
  if (seconds % 3600 === 0) return { unit: 'hours', count: seconds / 3600 };
  if (seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 };
  return { unit: 'seconds', count: seconds };
}

/** The channel settings overview's values (every type's; the type decides which are shown and sent). */
export interface ChannelOverviewValues {
  name: string;
  description: string;
  rateLimitPerUser: number;
  userLimit: number;
  nsfw: boolean;
  streamPlatform: StreamPlatform;
  streamChannel: string;
}

export function channelOverviewValues(channel: Channel): ChannelOverviewValues {
  return {
    name: channel.name,
    description: channel.description ?? '',
    rateLimitPerUser: channel.rateLimitPerUser,
    userLimit: channel.userLimit,
    nsfw: channel.nsfw,
    streamPlatform: channel.additionalData?.streamPlatform ?? 'twitch',
    streamChannel: channel.additionalData?.streamChannel ?? '',
  };
}

/** Which overview settings a channel type has. */
export function overviewFieldsOf(type: Channel['type']): { slowmode: boolean; userLimit: boolean; stream: boolean } {
  return { slowmode: type === 'text' || type === 'announcement', userLimit: type === 'voice', stream: type === 'watchstream' };
}

/** The updateChannel body for the values: only what differs from the saved channel (nothing changed: {}). */
export function channelUpdateBody(channel: Channel, v: ChannelOverviewValues): UpdateChannelRequest {
  const saved = channelOverviewValues(channel);
  const fields = overviewFieldsOf(channel.type);
  const body: UpdateChannelRequest = {};
  if (v.name !== saved.name) body.name = v.name;
  if (v.description !== saved.description) body.description = v.description.trim() === '' ? null : v.description;
  if (fields.slowmode && v.rateLimitPerUser !== saved.rateLimitPerUser) body.rateLimitPerUser = v.rateLimitPerUser;
  if (fields.userLimit && v.userLimit !== saved.userLimit) body.userLimit = v.userLimit;
  if (v.nsfw !== saved.nsfw) body.nsfw = v.nsfw;
  if (fields.stream && (v.streamPlatform !== saved.streamPlatform || v.streamChannel !== saved.streamChannel))
    body.additionalData = { streamPlatform: v.streamPlatform, streamChannel: v.streamChannel };
  return body;
}

/** The overview form of a channel, checked as the updateChannel request it becomes. */
export const channelOverviewForm = (channel: Channel) => requestForm(updateChannelRequestSchema, (v: ChannelOverviewValues) => channelUpdateBody(channel, v));

/** The values differ from the saved channel's (what the SaveBar shows for). */
export function overviewChanged(channel: Channel, v: ChannelOverviewValues): boolean {
  return Object.keys(channelUpdateBody(channel, v)).length > 0;
}
