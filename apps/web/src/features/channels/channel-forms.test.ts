import type { Channel } from '@rally/shared/api/teams';
import { describe, expect, it } from 'vitest';
import { checkValues } from '../../lib/form/state';
import {
  channelOverviewForm,
  channelOverviewValues,
  channelUpdateBody,
  createChannelForm,
  createChannelValues,
  overviewChanged,
  SLOWMODE_STEPS,
  slowmodeParts,
} from './channel-forms';
import { streamProfileUrl } from './stream-link';

const channel = (over: Partial<Channel> = {}): Channel => ({
  id: '2',
  teamId: '1',
  type: 'text',
  name: 'general',
  description: null,
  parentId: null,
  priority: 0,
  nsfw: false,
  rateLimitPerUser: 0,
  userLimit: 0,
  region: 'us-east-1',
  permissions: { role: {}, user: {} },
  additionalData: null,
  ...over,
});

describe('the create channel form', () => {
  it('builds the request: no category is null, the stream only for a watch stream', () => {
    const text = checkValues(createChannelForm, { ...createChannelValues(null), name: ' lobby ' });
    expect(text).toEqual({ errors: {}, data: { name: 'lobby', type: 'text', categoryId: null, additionalData: null } });
    const inCategory = checkValues(createChannelForm, { ...createChannelValues('123'), name: 'lobby', streamChannel: 'ignored' });
    expect(inCategory.data).toMatchObject({ categoryId: '123', additionalData: null });
    const stream = checkValues(createChannelForm, {
      ...createChannelValues(null),
      name: 'watch',
      type: 'watchstream',
      streamPlatform: 'kick',
      streamChannel: 'xqc_live',
    });
    expect(stream.data).toMatchObject({ type: 'watchstream', additionalData: { streamPlatform: 'kick', streamChannel: 'xqc_live' } });
  });

  it("refuses a name outside 1-20 and a streamer outside 4-25 with the spec's texts", () => {
    expect(checkValues(createChannelForm, { ...createChannelValues(null), name: '   ' }).errors).toEqual({ name: 'errors:channel_name_length' });
    expect(checkValues(createChannelForm, { ...createChannelValues(null), name: 'x'.repeat(21) }).errors).toEqual({ name: 'errors:channel_name_length' });
    const shortStreamer = checkValues(createChannelForm, { ...createChannelValues(null), name: 'watch', type: 'watchstream', streamChannel: 'abc' });
    expect(shortStreamer).toEqual({ data: null, errors: { additionalData: 'errors:stream_channel_length' } });
    const longStreamer = checkValues(createChannelForm, { ...createChannelValues(null), name: 'watch', type: 'watchstream', streamChannel: 'a'.repeat(26) });
    expect(longStreamer.errors).toEqual({ additionalData: 'errors:stream_channel_length' });
  });
});

describe('the channel overview form', () => {
  it('sends only what changed, and nothing while nothing did', () => {
    const c = channel({ description: 'Old topic' });
    const values = channelOverviewValues(c);
    expect(overviewChanged(c, values)).toBe(false);
    expect(channelUpdateBody(c, values)).toEqual({});
    const edited = { ...values, name: 'lounge', description: '', rateLimitPerUser: 30 };
    expect(overviewChanged(c, edited)).toBe(true);
    expect(checkValues(channelOverviewForm(c), edited).data).toEqual({ name: 'lounge', description: null, rateLimitPerUser: 30 });
  });

  it("sends only the type's own settings", () => {
    const voice = channel({ type: 'voice' });
    const values = { ...channelOverviewValues(voice), rateLimitPerUser: 60, userLimit: 12 };
    expect(channelUpdateBody(voice, values)).toEqual({ userLimit: 12 });
    const stream = channel({ type: 'watchstream', additionalData: { streamPlatform: 'twitch', streamChannel: 'shroud' } });
    expect(channelUpdateBody(stream, { ...channelOverviewValues(stream), streamPlatform: 'kick' })).toEqual({
      additionalData: { streamPlatform: 'kick', streamChannel: 'shroud' },
    });
  });

  it('refuses a user limit outside 0-100, a long description and a bad streamer', () => {
    const voice = channel({ type: 'voice' });
    expect(checkValues(channelOverviewForm(voice), { ...channelOverviewValues(voice), userLimit: 101 }).errors).toEqual({
      userLimit: 'errors:user_limit_range',
    });
    expect(checkValues(channelOverviewForm(voice), { ...channelOverviewValues(voice), userLimit: Number.NaN }).errors).toEqual({
      userLimit: 'errors:user_limit_range',
    });
    const text = channel();
    expect(checkValues(channelOverviewForm(text), { ...channelOverviewValues(text), description: 'x'.repeat(1025) }).errors).toEqual({
      description: 'errors:channel_description_too_long',
    });
    const stream = channel({ type: 'watchstream', additionalData: { streamPlatform: 'twitch', streamChannel: 'shroud' } });
    expect(checkValues(channelOverviewForm(stream), { ...channelOverviewValues(stream), streamChannel: 'ab' }).errors).toEqual({
      additionalData: 'errors:stream_channel_length',
    });
  });
});

describe('slowmode steps', () => {
  it("are Discord's steps, from off to 6 hours (the server's maximum)", () => {
    expect(SLOWMODE_STEPS.at(0)).toBe(0);
    expect(SLOWMODE_STEPS.at(-1)).toBe(21_600);
    expect(slowmodeParts(0)).toEqual({ unit: 'off', count: 0 });
    expect(slowmodeParts(15)).toEqual({ unit: 'seconds', count: 15 });
    expect(slowmodeParts(120)).toEqual({ unit: 'minutes', count: 2 });
    expect(slowmodeParts(21_600)).toEqual({ unit: 'hours', count: 6 });
  });
});

describe('the stream link', () => {
  it("is the streamer's page on the platform, when both are set", () => {
    expect(streamProfileUrl({ streamPlatform: 'twitch', streamChannel: 'shroud' })).toBe('https://twitch.tv/shroud');
    expect(streamProfileUrl({ streamPlatform: 'kick', streamChannel: 'xqc' })).toBe('https://kick.com/xqc');
    expect(streamProfileUrl(null)).toBeNull();
    expect(streamProfileUrl({ streamPlatform: 'kick', streamChannel: '' })).toBeNull();
  });
});
