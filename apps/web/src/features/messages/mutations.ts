import { plainMessage } from '@rally/shared/api/plain-message';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { applyServerMessage, discardFailed, failPending, getPending, makeNonce, queuePending } from './message-cache';

interface SendVariables {
  nonce: string;
  content: string;
  /** The message this one replies to. */
  replyTo?: string | null;
}

/**
 * Optimistic sending (spec 001 §4), as a mutation: `onMutate` shows the message at once as 'sending'
 * under a random nonce; the server copy replaces it when the live event or the POST response brings
 * it, whichever comes first; `onError` marks it 'failed' (kept until retried or discarded) and
 * reports the server's message through `onError`. A retry is the same mutation with the same nonce.
 */
export function useSendMessage(channelId: string, onError: (message: string) => void) {
  const qc = useQueryClient();
  const me = useMeUser();
  const { t } = useTranslation('errors');

  const { mutate } = useMutation({
    mutationFn: ({ nonce, content, replyTo = null }: SendVariables) => call('sendMessage', { params: { channelId }, body: { content, nonce, replyTo } }),
    onMutate: ({ nonce, content, replyTo = null }) => {
      if (!me) return;
      const createdBy = { id: me.id, username: me.username, profilePicture: me.profilePicture, presence: me.presence };
      const createdAt = new Date().toISOString();
      queuePending(qc, { ...plainMessage({ id: `pending-${nonce}`, channelId, content, createdAt, createdBy, nonce, replyTo }), state: 'sending' });
    },
    onSuccess: (r) => applyServerMessage(qc, r.message),
    onError: (err, { nonce }) => {
      const message = err instanceof ApiError ? err.message : t('internal', { defaultValue: 'Something went wrong, please try again' });
      failPending(qc, channelId, nonce, message);
      onError(message);
    },
  });

  const send = useCallback(
    (content: string, replyTo: string | null = null) => {
      if (me) mutate({ nonce: makeNonce(), content, replyTo });
    },
    [me, mutate],
  );

  const retry = useCallback(
    (nonce: string) => {
      const m = getPending(qc, channelId).find((x) => x.nonce === nonce);
      if (m?.state === 'failed') mutate({ nonce, content: m.content, replyTo: m.replyTo });
    },
    [qc, channelId, mutate],
  );

  const discard = useCallback((nonce: string) => discardFailed(qc, channelId, nonce), [qc, channelId]);

  return { send, retry, discard };
}
