import type { TFunction } from 'i18next';

/**
 * Where a chat view is, for its texts: a team's text channel (`#name`), or a direct chat (`name`:
 * '@username', or the people of a group, as its header shows them).
 */
export type ChatPlace = { kind: 'channel'; name: string } | { kind: 'dm'; name: string };

/** The chat namespace's texts that name the place. */
type PlaceText = 'messagesLabel' | 'welcomeTitle' | 'welcomeText' | 'composerLabel';

/** One of the place's texts: the channel's (`welcomeTitle`) or the direct chat's (`dm.welcomeTitle`). */
export function placeText(t: TFunction<'chat'>, place: ChatPlace, key: PlaceText): string {
  return place.kind === 'channel' ? t(key, { channel: place.name }) : t(`dm.${key}`, { name: place.name });
}
