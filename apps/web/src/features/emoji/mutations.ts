import { EMOJI_UPLOAD_FIELD, type TeamEmoji } from '@rally/shared/api/emojis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { invalidateAuditLog } from '../team-settings/cache';
import { removeTeamEmoji, renameTeamEmoji, upsertTeamEmojis } from './cache';

/**
 * Upload emoji (MANAGE_TEAM): one multipart request with a part per file, each emoji named after
 * its file by the server. The tab and the picker take the answer (TEAM_EMOJIS_UPDATED also
 * arrives live).
 */
export function useUploadEmojis(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (files: readonly File[]) => {
      const form = new FormData();
      for (const file of files) form.append(EMOJI_UPLOAD_FIELD, file, file.name);
      return (await call('uploadTeamEmojis', { params: { teamId } }, { form })).reactions;
    },
    onSuccess: (emojis) => {
      upsertTeamEmojis(qc, teamId, emojis);
      invalidateAuditLog(qc, teamId);
    },
  });
}

/** Rename a team emoji: shown at once, renamed back when the server refuses (a name the team already has). */
export function useRenameEmoji(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ emoji, name }: { emoji: TeamEmoji; name: string }) =>
      (await call('renameTeamEmoji', { params: { teamId, emojiId: emoji.id }, body: { name } })).reaction,
    onMutate: ({ emoji, name }) => renameTeamEmoji(qc, teamId, emoji.id, name),
    onError: (_err, { emoji }) => {
      // Back to the name it had, unless it was deleted meanwhile.
      if (qc.getQueryData<TeamEmoji[]>(queryKeys.teamEmojis(teamId))?.some((e) => e.id === emoji.id)) renameTeamEmoji(qc, teamId, emoji.id, emoji.name);
    },
    onSuccess: (emoji) => {
      upsertTeamEmojis(qc, teamId, [emoji]);
      invalidateAuditLog(qc, teamId);
    },
  });
}

/** Delete a team emoji: its messages then show its name, its reactions stay without the image. */
export function useDeleteEmoji(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (emojiId: string) => call('deleteTeamEmoji', { params: { teamId, emojiId } }),
    onSuccess: (_r, emojiId) => {
      removeTeamEmoji(qc, teamId, emojiId);
      invalidateAuditLog(qc, teamId);
    },
  });
}
