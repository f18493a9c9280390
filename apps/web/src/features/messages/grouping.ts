import type { ChatMessage } from './message-cache';

/** Consecutive messages of one author within this span are grouped (spec 001 §9). */
export const GROUP_WINDOW_MS = 5 * 60_000;

export type ChatRow = { kind: 'date'; key: string; date: Date } | { kind: 'message'; key: string; message: ChatMessage; grouped: boolean };

function dayKey(d: Date): string {
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/**
 * Rows of the chat view: a date separator before the first message of each (local) day, and each
 * message marked grouped when it follows one of the same author within 5 minutes on the same day
 * and is not a reply (a system message never groups, nor does the message after it; a scheduled
 * message never groups, so that its header shows the clock beside its time).
 */
export function buildRows(messages: ChatMessage[]): ChatRow[] {
  const rows: ChatRow[] = [];
  let prev: ChatMessage | null = null;
  let prevDay: string | null = null;
  const keys = new Set<string>();
  for (const m of messages) {
    const date = new Date(m.createdAt);
    const day = dayKey(date);
    if (day !== prevDay) {
      rows.push({ kind: 'date', key: `date-${day}`, date });
      prev = null;
    }
    const grouped =
      prev !== null &&
      prev.type !== 'system' &&
      m.type !== 'system' &&
      m.type !== 'scheduled' &&
      prev.createdBy.id === m.createdBy.id &&
      !m.replyTo &&
      date.getTime() - new Date(prev.createdAt).getTime() < GROUP_WINDOW_MS &&
      date.getTime() >= new Date(prev.createdAt).getTime();
    // Keyed by nonce when there is one, so that the server copy takes over the pending row in place.
    let key = m.nonce ? `n-${m.nonce}` : m.id;
    if (keys.has(key)) key = m.id;
    keys.add(key);
    rows.push({ kind: 'message', key, message: m, grouped });
    prev = m;
    prevDay = day;
  }
  return rows;
}

/**
 * A row of the virtualized chat list: one message, with the date separator above it when it opens
 * a (local) day. The separator belongs to the message's row rather than being a row of its own, so
 * that the rows keep their keys when older messages of the same day are loaded above them (a row
 * that moved or vanished could not anchor the reading position).
 */
export interface ListRow {
  key: string;
  message: ChatMessage;
  grouped: boolean;
  /** The day this message opens, or null. */
  day: Date | null;
}

/** The rows of buildRows with each date separator folded into the message row after it. */
export function listRows(rows: readonly ChatRow[]): ListRow[] {
  const out: ListRow[] = [];
  let day: Date | null = null;
  for (const row of rows) {
    if (row.kind === 'date') {
      day = row.date;
      continue;
    }
    out.push({ key: row.key, message: row.message, grouped: row.grouped, day });
    day = null;
  }
  return out;
}
