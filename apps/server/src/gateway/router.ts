import type { Audience, BusEnvelope, BusId } from '../bus/types';
import { dispatchTail, type FrameTail } from './frames';
import type { Session } from './session';

type Index = Map<string, Set<Session>>;

function addTo(index: Index, key: string, session: Session): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(session);
}

function removeFrom(index: Index, key: string, session: Session): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(session);
  if (set.size === 0) index.delete(key);
}

/** Whether an envelope of this audience is for the session (by its current subscriptions). */
export function audienceIncludes(audience: Audience, session: Session): boolean {
  switch (audience.kind) {
    case 'channel':
      return session.channelIds.has(audience.channelId);
    case 'team':
      return session.teamIds.has(audience.teamId);
    case 'users':
      return audience.userIds.includes(session.userId);
  }
}

/**
 * The process's delivery index: which live sessions hear a channel, a team, a user. Each envelope
 * is serialised once and handed to the matching sessions; sessions that are starting or resuming
 * collect every envelope unfiltered and sort them out when they catch up (see resume.ts).
 */
export class Router {
  private readonly byChannel: Index = new Map();
  private readonly byTeam: Index = new Map();
  private readonly byUser: Index = new Map();
  private readonly pending = new Set<Session>();
  /** Position of the last envelope routed: a snapshot taken now is complete up to here. */
  lastId: BusId;

  constructor(startId: BusId) {
    this.lastId = startId;
  }

  /** Index a live session under its subscriptions. */
  add(session: Session): void {
    this.pending.delete(session);
    for (const id of session.channelIds) addTo(this.byChannel, id, session);
    for (const id of session.teamIds) addTo(this.byTeam, id, session);
    addTo(this.byUser, session.userId, session);
  }

  /** Collect every envelope for the session until add() (it is starting or catching up). */
  addPending(session: Session): void {
    session.pending = [];
    this.pending.add(session);
  }

  remove(session: Session): void {
    this.pending.delete(session);
    session.pending = null;
    for (const id of session.channelIds) removeFrom(this.byChannel, id, session);
    for (const id of session.teamIds) removeFrom(this.byTeam, id, session);
    removeFrom(this.byUser, session.userId, session);
  }

  route(envelope: BusEnvelope, id: BusId): void {
    this.lastId = id;
    for (const session of this.pending) session.pending?.push({ id, envelope });
    const targets = this.targets(envelope.audience);
    if (!targets) return;
    let tail: FrameTail | null = null;
    for (const session of targets) {
      tail ??= dispatchTail(envelope.event);
      deliver(session, envelope, tail, this);
    }
  }

  subscribeTeam(session: Session, teamId: string): void {
    session.teamIds.add(teamId);
    if (!session.pending) addTo(this.byTeam, teamId, session);
  }

  subscribeChannel(session: Session, channelId: string): void {
    session.channelIds.add(channelId);
    if (!session.pending) addTo(this.byChannel, channelId, session);
  }

  private targets(audience: Audience): Iterable<Session> | undefined {
    switch (audience.kind) {
      case 'channel':
        return this.byChannel.get(audience.channelId);
      case 'team':
        return this.byTeam.get(audience.teamId);
      case 'users': {
        if (audience.userIds.length === 1) return this.byUser.get(audience.userIds[0]!); // length 1: index 0 exists
        const out = new Set<Session>();
        for (const userId of audience.userIds) for (const s of this.byUser.get(userId) ?? []) out.add(s);
        return out;
      }
    }
  }
}

/**
 * Apply what the event changes about the session's subscriptions, then number and send it.
 * `subscriber` is the router for a live session (so that its index follows), or null while catching up.
 */
export function deliver(session: Session, envelope: BusEnvelope, tail: FrameTail, subscriber: Pick<Router, 'subscribeTeam' | 'subscribeChannel'> | null): void {
  const event = envelope.event;
  if (event.type === 'USER_JOINED_TEAM') {
    const data = event.data;
    const subscribe = subscriber ?? {
      subscribeTeam: (s: Session, teamId: string) => s.teamIds.add(teamId),
      subscribeChannel: (s: Session, channelId: string) => s.channelIds.add(channelId),
    };
    subscribe.subscribeTeam(session, data.team.id);
    for (const channel of data.channels) subscribe.subscribeChannel(session, channel.id);
  }
  session.push(tail);
}
