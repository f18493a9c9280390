import { sql, type SQL } from 'drizzle-orm';
import { RALLY_EPOCH } from '@rally/shared/ids';
import { LIMITS } from '@rally/shared/limits';
import type { Executor } from '../../db/client';

/** A channel with something unread, as countUnread reads it. */
export interface UnreadRow {
  channelId: string;
  /** The channel's team; null for a direct chat. */
  teamId: string | null;
  lastReadId: string;
  unreadCount: number;
  mentionCount: number;
}

/** A channel's read marker after a write. */
export interface ReadMarker {
  channelId: string;
  lastReadId: string;
}

/** A bigint[] parameter from ids (decimal strings that the caller read from the database or validated as snowflakes). */
function idArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::bigint[]`;
}

/** The rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The smallest snowflake of the millisecond of `at` (a timestamp column): messages from then on are newer. */
const snowflakeAt = (at: SQL) => sql`((floor(extract(epoch from ${at}) * 1000)::bigint - ${RALLY_EPOCH}::bigint) << 22)`;

/**
 * What the user has not read of the channels `channelIds` (team channels they may view and whose
 * history they may see; the caller decided that) and of every direct chat they belong to, in one
 * statement. Only channels with something unread are returned.
 *
 * Per channel, the newest messages after the read marker (or, without one, after the user joined
 * the team or the chat) are read on the (channel_id, id desc) index, deleted ones left out, at most
 * LIMITS.unread.countCap of them: the user's own newest message among them marks the rest read (a
 * message one sends follows what one has read), and the others' messages after it are counted, with
 * those that mention the user — by id, by one of `roleIds` (every role they hold, each team's
 * default role included), @everyone or @here. Nothing is written when a message is sent: the work is
 * done here, bounded per channel by the cap, instead of on every send for every reader.
 */
export async function countUnread(db: Executor, userId: string, channelIds: readonly string[], roleIds: readonly string[]): Promise<UnreadRow[]> {
  const cap = LIMITS.unread.countCap;
  const result = await db.execute(sql`
    with targets as (
      select c.id as channel_id, c.team_id, tm.joined_at
        from channels c
        join team_members tm on tm.team_id = c.team_id and tm.user_id = ${userId}
       where c.id = any(${idArray(channelIds)})
      union all
      select dm.channel_id, null::bigint, dm.joined_at
        from dm_members dm
       where dm.user_id = ${userId}
    )
    select t.channel_id::text as "channelId", t.team_id::text as "teamId",
           coalesce(rs.last_read_id, 0)::text as "lastReadId",
           w.unread as "unreadCount", w.mentions as "mentionCount"
      from targets t
      left join read_states rs on rs.user_id = ${userId} and rs.channel_id = t.channel_id
      cross join lateral (
        select count(*) filter (where v.author_id <> ${userId} and v.id > v.own_last)::int as unread,
               count(*) filter (where v.author_id <> ${userId} and v.id > v.own_last and (
                 (v.mentions -> 'users') @> jsonb_build_array(${userId}::text)
                 or jsonb_exists_any(v.mentions -> 'roles', ${`{${roleIds.join(',')}}`}::text[])
                 or (v.mentions ->> 'everyone') = 'true'
                 or (v.mentions ->> 'here') = 'true'
               ))::int as mentions
          from (
            select l.id, l.author_id, l.mentions,
                   coalesce(max(l.id) filter (where l.author_id = ${userId}) over (), 0) as own_last
              from (
                select m.id, m.author_id, m.mentions
                  from messages m
                 where m.channel_id = t.channel_id
                   and m.id >= greatest(coalesce(rs.last_read_id + 1, 0), ${snowflakeAt(sql`t.joined_at`)})
                   and m.deleted_at is null
                 order by m.id desc
                 limit ${cap}
              ) l
          ) v
      ) w
     where w.unread > 0
  `);
  return rowsOf<UnreadRow>(result);
}

/** One reader's read of one channel: up to `upTo`, or without it up to the channel's newest message. */
export interface ReadRequest {
  userId: string;
  channelId: string;
  upTo?: string;
}

/** A read marker that moved, and whose it is. */
export interface MovedMarker extends ReadMarker {
  userId: string;
}

/**
 * Move read markers, of one user or of many, in one statement: each up to its `upTo` but never
 * past the channel's newest message (deleted messages included), or without `upTo` up to that
 * newest message; a channel without messages is left alone, and a marker only moves forward.
 * Returns the markers that moved. At most one request per user and channel (a second one would
 * make the upsert touch its row twice).
 */
export async function markReads(db: Executor, reads: readonly ReadRequest[]): Promise<MovedMarker[]> {
  if (reads.length === 0) return [];
  const upTos = sql`${`{${reads.map((r) => r.upTo ?? 'NULL').join(',')}}`}::bigint[]`;
  // least() ignores a null: no upTo reads up to the newest.
  const result = await db.execute(sql`
    insert into read_states (user_id, channel_id, last_read_id, updated_at)
    select r.user_id, r.channel_id, least(r.up_to, n.id), now()
      from unnest(${idArray(reads.map((r) => r.userId))}, ${idArray(reads.map((r) => r.channelId))}, ${upTos}) as r(user_id, channel_id, up_to)
     cross join lateral (select m.id from messages m where m.channel_id = r.channel_id order by m.id desc limit 1) n
    on conflict (user_id, channel_id) do update
       set last_read_id = excluded.last_read_id, updated_at = excluded.updated_at
     where read_states.last_read_id < excluded.last_read_id
    returning user_id::text as "userId", channel_id::text as "channelId", last_read_id::text as "lastReadId"
  `);
  return rowsOf<MovedMarker>(result);
}

/** Mark channels read for one user (markReads); returns the channels whose marker moved. */
export async function markRead(db: Executor, userId: string, channelIds: readonly string[], upTo?: string): Promise<ReadMarker[]> {
  const moved = await markReads(
    db,
    channelIds.map((channelId) => ({ userId, channelId, upTo })),
  );
  return moved.map(({ channelId, lastReadId }) => ({ channelId, lastReadId }));
}

/** Put one user's read marker of a channel at `lastReadId`, back or forward (Mark Unread moves it back). */
export async function setReadMarker(db: Executor, userId: string, channelId: string, lastReadId: string): Promise<void> {
  await db.execute(sql`
    insert into read_states (user_id, channel_id, last_read_id, updated_at)
    values (${userId}, ${channelId}, ${lastReadId}, now())
    on conflict (user_id, channel_id) do update set last_read_id = excluded.last_read_id, updated_at = excluded.updated_at
  `);
}

export const readStateRepository = { countUnread, markRead, markReads, setReadMarker };
export type ReadStateRepository = typeof readStateRepository;
