import { TYPING } from '@rally/shared/gateway/typing';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** Someone typing in a channel (spec 001 §3 Typing entry), with the name to show. */
export interface TypingEntry {
  userId: string;
  username: string;
  /** When their last CHANNEL_TYPING arrived (epoch ms). */
  lastTyping: number;
}

/** A CHANNEL_TYPING arrived: the typer's entry is (re)started, the longest-typing first. */
export function addTyping(qc: QueryClient, channelId: string, entry: TypingEntry): void {
  qc.setQueryData<TypingEntry[]>(queryKeys.typing(channelId), (old = []) => {
    const at = old.findIndex((e) => e.userId === entry.userId);
    if (at < 0) return [...old, entry];
    return old.map((e, i) => (i === at ? entry : e));
  });
}

/** The typer's message arrived: their entry goes at once (spec 001 §4). */
export function clearTyping(qc: QueryClient, channelId: string, userId: string): void {
  const old = qc.getQueryData<TypingEntry[]>(queryKeys.typing(channelId));
  if (old?.some((e) => e.userId === userId))
    qc.setQueryData(
      queryKeys.typing(channelId),
      old.filter((e) => e.userId !== userId),
    );
}

/** The entries still typing at `now` (an entry expires TYPING.expiryMs after its last event). */
export function activeTypers(entries: readonly TypingEntry[], now: number): TypingEntry[] {
  return entries.filter((e) => now - e.lastTyping < TYPING.expiryMs);
}
