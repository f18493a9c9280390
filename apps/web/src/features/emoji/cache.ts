import type { TeamEmoji } from '@rally/shared/api/emojis';
import type { CustomEmoji } from '@rally/shared/api/reactions';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { upsertById } from '../teams/cache';

/**
 * The one place that writes the emoji caches: a team's list in its settings (queryKeys.teamEmojis),
 * the picker's emoji of every team (queryKeys.myEmojis) and the ids deleted in this session
 * (queryKeys.deletedEmojis). The mutations of the Emoji tab and TEAM_EMOJIS_UPDATED go through
 * these, so that the tab, the picker, the autocomplete and the messages agree. A list that is not
 * loaded is left alone (it is fetched whole when a screen needs it).
 */

/** The picker's shape of a team emoji (no uploader, no date). */
function asCustom({ id, teamId, name, url }: CustomEmoji): CustomEmoji {
  return { id, teamId, name, url };
}

/** The team's emoji this client knows: the settings list when loaded, else the picker's entries of the team. */
function knownOfTeam(qc: QueryClient, teamId: string): readonly { id: string }[] {
  return (
    qc.getQueryData<TeamEmoji[]>(queryKeys.teamEmojis(teamId)) ?? qc.getQueryData<CustomEmoji[]>(queryKeys.myEmojis)?.filter((e) => e.teamId === teamId) ?? []
  );
}

/** Remember emoji as deleted: messages showing them fall back to their `:name:` at once. */
function markDeleted(qc: QueryClient, ids: readonly string[]): void {
  if (ids.length === 0) return;
  qc.setQueryData<string[]>(queryKeys.deletedEmojis, (old = []) => [...old, ...ids.filter((id) => !old.includes(id))]);
}

/** The picker's list with the team's entries replaced by `emojis` (left alone while not loaded). */
function replaceTeamInPicker(qc: QueryClient, teamId: string, emojis: readonly CustomEmoji[]): void {
  qc.setQueryData<CustomEmoji[]>(queryKeys.myEmojis, (old) => old && [...old.filter((e) => e.teamId !== teamId), ...emojis.map(asCustom)]);
}

/** The team's whole list as it now is (TEAM_EMOJIS_UPDATED): the tab and the picker take it; emoji no longer in it are deleted. */
export function setTeamEmojis(qc: QueryClient, teamId: string, emojis: TeamEmoji[]): void {
  markDeleted(
    qc,
    knownOfTeam(qc, teamId)
      .filter((e) => !emojis.some((x) => x.id === e.id))
      .map((e) => e.id),
  );
  qc.setQueryData<TeamEmoji[]>(queryKeys.teamEmojis(teamId), emojis);
  replaceTeamInPicker(qc, teamId, emojis);
}

/** Emoji added or changed (an upload's or a rename's answer): in place of the same ids, or added at the end. */
export function upsertTeamEmojis(qc: QueryClient, teamId: string, emojis: readonly TeamEmoji[]): void {
  const apply = <T extends { id: string }>(list: T[], make: (e: TeamEmoji) => T) => emojis.reduce((acc, e) => upsertById(acc, make(e)), list);
  qc.setQueryData<TeamEmoji[]>(queryKeys.teamEmojis(teamId), (old) => old && apply(old, (e) => e));
  qc.setQueryData<CustomEmoji[]>(queryKeys.myEmojis, (old) => old && apply(old, asCustom));
}

/** A rename shown at once (the answer or the event confirms it; a refusal renames it back). */
export function renameTeamEmoji(qc: QueryClient, teamId: string, emojiId: string, name: string): void {
  const rename = <T extends { id: string; name: string }>(list: T[]) => list.map((e) => (e.id === emojiId ? { ...e, name } : e));
  qc.setQueryData<TeamEmoji[]>(queryKeys.teamEmojis(teamId), (old) => old && rename(old));
  qc.setQueryData<CustomEmoji[]>(queryKeys.myEmojis, (old) => old && rename(old));
}

/** An emoji deleted: out of the tab and the picker, and shown as its name in messages. */
export function removeTeamEmoji(qc: QueryClient, teamId: string, emojiId: string): void {
  qc.setQueryData<TeamEmoji[]>(queryKeys.teamEmojis(teamId), (old) => old?.filter((e) => e.id !== emojiId));
  qc.setQueryData<CustomEmoji[]>(queryKeys.myEmojis, (old) => old?.filter((e) => e.id !== emojiId));
  markDeleted(qc, [emojiId]);
}
