import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { jumpToMessage } from '../message-actions/jump';

/** Pages read at most while looking for a linked message (50 messages each: the newest 2,500). */
const MAX_PAGES = 50;

interface History {
  data?: { pages: readonly unknown[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * `?messageId=` on a channel's or a chat's address (001 §2; message links, search results):
 * the message is scrolled to and highlighted for about 2 seconds, older pages being read until it
 * is loaded (at most MAX_PAGES), then the query is removed from the address. A message that is not
 * found (deleted, or older than that) leaves the view at the newest messages.
 */
export function useLinkedMessage(history: History): void {
  const [params, setParams] = useSearchParams();
  const target = params.get('messageId');
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  useEffect(() => {
    if (!target || !data) return;
    const found = jumpToMessage(target);
    if (!found && !isFetchingNextPage && hasNextPage && data.pages.length < MAX_PAGES) {
      void fetchNextPage();
      return;
    }
    if (!found && isFetchingNextPage) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('messageId');
        return next;
      },
      { replace: true },
    );
  }, [target, data, hasNextPage, isFetchingNextPage, fetchNextPage, setParams]);
}
