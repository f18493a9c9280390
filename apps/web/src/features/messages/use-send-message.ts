import { plainMessage } from '@rally/shared/api/plain-message';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/api';
import { applyServerMessage, getPending, makeNonce, setPending, type ChatMessage } from './message-cache';
import { useMeUser } from '../auth/queries';

/**
 * Optimistic sending (spec 001 §4): the message shows at once as 'sending' under a random nonce; the
 * server copy replaces it when the live event or the POST response brings it, whichever comes
 * first; a failure marks it 'failed' (kept until retried or discarded) and reports the server's
 * message through `onError`.
 */
export function useSendMessage(channelId: string, onError: (message: string) => void) {
  const qc = useQueryClient();
  const me = useMeUser();
  const { t } = useTranslation('errors');

  const deliver = useCallback(
    async (nonce: string, content: string) => {
      try {
        const r = await call('sendMessage', { params: { channelId }, body: { content, nonce } });
        applyServerMessage(qc, r.message);
      } catch (err) {
        const message = err instanceof ApiError ? err.message : t('internal', { defaultValue: 'Something went wrong, please try again' });
        setPending(qc, channelId, (list) => list.map((m) => (m.nonce === nonce ? { ...m, state: 'failed', error: message } : m)));
        onError(message);
      }
    },
    [qc, channelId, onError, t],
  );

  const send = useCallback(
    (content: string) => {
      if (!me) return;
      const nonce = makeNonce();
      const pending: ChatMessage = {
        ...plainMessage({
          id: `pending-${nonce}`,
          channelId,
          content,
          createdAt: new Date().toISOString(),
          createdBy: { id: me.id, username: me.username, profilePicture: me.profilePicture, presence: me.presence },
          nonce,
        }),
        state: 'sending',
      };
      setPending(qc, channelId, (list) => [...list, pending]);
      void deliver(nonce, content);
    },
    [qc, channelId, me, deliver],
  );

  const retry = useCallback(
    (nonce: string) => {
      const m = getPending(qc, channelId).find((x) => x.nonce === nonce);
      if (!m || m.state !== 'failed') return;
      // Back to the end of the conversation, as a new attempt with the same nonce.
      setPending(qc, channelId, (list) => [
        ...list.filter((x) => x.nonce !== nonce),
        { ...m, state: 'sending', error: undefined, createdAt: new Date().toISOString() },
      ]);
      void deliver(nonce, m.content);
    },
    [qc, channelId, deliver],
  );

  const discard = useCallback(
    (nonce: string) => setPending(qc, channelId, (list) => list.filter((m) => m.nonce !== nonce || m.state !== 'failed')),
    [qc, channelId],
  );

  return { send, retry, discard };
}
