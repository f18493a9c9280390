import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { MessagesData } from './message-cache';
import { loadHistoryAt } from './message-queries';

/** The address's query parameter of a linked message (001 §2: message links, search results, reply jumps). */
const PARAM = 'messageId';

/** A snowflake as the server takes it (a longer or non-numeric value is not looked for). */
const SNOWFLAKE = /^\d{1,20}$/;

/** The message the address links to (`?messageId=`), or null, and how to drop it from the address. */
export function useLinkedTarget(): { target: string | null; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { target: params.get(PARAM), clear };
}

/**
 * Jump to a message of the open chat (a reply's quote): the address gets `?messageId=`, which the
 * message list follows (useLinkedMessage) whether the message is loaded or not, and then drops.
 */
export function useRequestJump(): (messageId: string) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (messageId: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(PARAM, messageId);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}

interface Options {
  channelId: string;
  target: string | null;
  /** Drop `?messageId=` from the address. */
  clear: () => void;
  /** The history as loaded (undefined while the first page loads). */
  data: MessagesData | undefined;
  /** The row of a loaded message in the list, or undefined. */
  locate: (messageId: string) => number | undefined;
  /** Bring a row into view and highlight its message; calls `done` when finished. Returns a cancel function. */
  reveal: (index: number, messageId: string, done: () => void) => () => void;
  /** Go back to the newest messages. */
  toPresent: () => void;
  /** A page around the message is being read (the list shows it is busy). */
  onLoading: (loading: boolean) => void;
}

/** The history was opened around `target` (its first and only page param): the message would be in it. */
function openedAround(data: MessagesData, target: string): boolean {
  const [first] = data.pageParams;
  return data.pageParams.length === 1 && first !== null && first !== undefined && 'around' in first && first.around === target;
}

/**
 * `?messageId=` on a channel's or a chat's address: the message is scrolled into view, focused and
 * highlighted for about 2 seconds, then the query is removed from the address. A message that is
 * not loaded is read with the page around it (the history then starts over there, detached from
 * the present: older and newer pages load while scrolling, and 'Jump to present' goes back). A
 * message that is not found (deleted) leaves the history where it was; when the channel was opened
 * at it, at the newest messages.
 */
export function useLinkedMessage({ channelId, target, clear, data, locate, reveal, toPresent, onLoading }: Options): void {
  const qc = useQueryClient();
  /** The target whose page has been asked for (once per target). */
  const asked = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    if (!target) {
      asked.current = null;
      return;
    }
    if (!data) return;
    if (!SNOWFLAKE.test(target)) {
      clear();
      return;
    }
    const index = locate(target);
    if (index !== undefined) return reveal(index, target, clear);
    if (asked.current === target) return;
    asked.current = target;
    if (openedAround(data, target)) {
      clear();
      toPresent();
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    onLoading(true);
    loadHistoryAt(qc, channelId, { around: target }, controller.signal)
      .then(
        (found) => {
          if (!found && !controller.signal.aborted) clear();
        },
        () => {
          // Aborted: the list is gone (another chat may be opening with a link of its own).
          if (!controller.signal.aborted) clear();
        },
      )
      .finally(() => {
        if (abort.current === controller) onLoading(false);
      });
  }, [qc, channelId, target, clear, data, locate, reveal, toPresent, onLoading]);
}
