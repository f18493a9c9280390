import type { Attachment } from '@rally/shared/api/attachments';
import { plainMessage } from '@rally/shared/api/plain-message';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/api';
import { useMeUser } from '../auth/queries';
import { applyServerMessage, discardFailed, failPending, getPending, makeNonce, queuePending } from './message-cache';
import { SendQueue, type PaceNotice, type QueuedSend, type SendQueueDeps } from './send-queue';

/** Each channel's send queue, kept while the page lives (a queue still sending when its view closes goes on). */
const queues = new Map<string, SendQueue>();

function queueOf(channelId: string, deps: SendQueueDeps): SendQueue {
  let queue = queues.get(channelId);
  if (!queue) queues.set(channelId, (queue = new SendQueue(deps)));
  return queue;
}

/**
 * Optimistic sending (spec 001 §4) through the channel's send queue: a message shows at once as
 * 'sending' under a random nonce and goes out in order, one at a time; the server copy replaces it
 * when the live event or the POST response brings it, whichever comes first. A 429 (sending too
 * fast, or slowmode) holds the queue for the Retry-After the server gave and sends again, with one
 * notice (`notice`) instead of an error per message; any other refusal marks that message 'failed'
 * (kept until retried or discarded) and reports the server's message through `onError`. Under the
 * channel's slowmode (`slowmodeMs` for this reader), each message sent starts its cooldown at once.
 */
export function useSendMessage(channelId: string, onError: (message: string) => void, slowmodeMs = 0) {
  const qc = useQueryClient();
  const me = useMeUser();
  const { t } = useTranslation('errors');

  // One POST of the queue; the queue decides when (pacing) and what a refusal does (retry or fail).
  const post = useMutation({
    mutationFn: ({ nonce, content, replyTo, attachments }: QueuedSend) =>
      call('sendMessage', {
        params: { channelId },
        body: { content, nonce, replyTo, ...(attachments.length ? { attachments: attachments.map(({ id }) => ({ id })) } : {}) },
      }),
    onSuccess: (res) => {
      if ('message' in res) applyServerMessage(qc, res.message);
    },
  });

  const deps: SendQueueDeps = {
    post: async (item) => void (await post.mutateAsync(item)),
    failed: ({ nonce }, err) => {
      const message = err instanceof ApiError ? err.message : t('internal', { defaultValue: 'Something went wrong, please try again' });
      failPending(qc, channelId, nonce, message);
      onError(message);
    },
    cooldownMs: () => slowmodeMs,
  };
  const queue = queueOf(channelId, deps);
  // The queue reports to the latest view of its channel.
  useEffect(() => queue.attach(deps));
  const notice: PaceNotice = useSyncExternalStore(queue.subscribe, queue.getNotice);

  const enqueue = useCallback(
    (nonce: string, content: string, replyTo: string | null, attachments: Attachment[]) => {
      if (!me) return;
      const createdBy = { id: me.id, username: me.username, profilePicture: me.profilePicture, presence: me.presence };
      const createdAt = new Date().toISOString();
      // The optimistic copy shows the attachments already (they are uploaded: their URLs are served).
      queuePending(qc, {
        ...plainMessage({ id: `pending-${nonce}`, channelId, content, createdAt, createdBy, nonce, replyTo, attachments }),
        state: 'sending',
      });
      queue.enqueue({ nonce, content, replyTo, attachments });
    },
    [me, qc, channelId, queue],
  );

  const send = useCallback(
    (content: string, replyTo: string | null = null, attachments: Attachment[] = []) => enqueue(makeNonce(), content, replyTo, attachments),
    [enqueue],
  );

  const retry = useCallback(
    (nonce: string) => {
      const m = getPending(qc, channelId).find((x) => x.nonce === nonce);
      if (m?.state === 'failed') enqueue(nonce, m.content, m.replyTo, m.attachments);
    },
    [qc, channelId, enqueue],
  );

  const discard = useCallback((nonce: string) => discardFailed(qc, channelId, nonce), [qc, channelId]);

  return { send, retry, discard, notice };
}
