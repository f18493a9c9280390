import type { Channel } from '@rally/shared/api/teams';

/** A watch-stream channel's streamer page (spec 001 §2: the header links to it when platform and channel are set). */
export function streamProfileUrl(data: Channel['additionalData']): string | null {
  if (!data?.streamChannel) return null;
  const name = encodeURIComponent(data.streamChannel.trim());
  return data.streamPlatform === 'kick' ? `https://kick.com/${name}` : `https://twitch.tv/${name}`;
}
