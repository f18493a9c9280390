import type { DispatchEvent } from '@rally/shared/gateway/protocol';
import { compareBusIds, isGap, type Audience, type BusEnvelope, type BusId, type BusMessage, type Circle, type GapAudience } from '../bus/types';
import type { TeamAccess } from '../modules/permissions/access';
import { teamStateOf } from '../modules/teams/ready';
import { AccessLoads, type LoadTeamAccess } from './access-loads';
import { dispatchTail, type FrameTail } from './frames';
import type { RoutedEntry, Session } from './session';
import { changeOf, type VisibilityChange } from '../modules/permissions/visibility-changes';
import { circleIncludes, circlesCut, concerns, cutFor } from './visibility';

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

/** Whether a message of this audience is for the session (by its current subscriptions). */
export function audienceIncludes(audience: Audience | GapAudience, session: Session): boolean {
  switch (audience.kind) {
    case 'channel':
      return session.channelIds.has(audience.channelId) && session.userId !== audience.except;
    case 'team':
      return session.teams.has(audience.teamId);
    case 'users':
      return audience.userIds.includes(session.userId);
    case 'circle':
      return circleIncludes(audience, session);
    case 'circles':
      return audience.circles.some((circle) => circleIncludes(circle, session));
    case 'all':
      return true;
  }
}

/**
 * Hand the entry's event to a session it is for: its frame, serialised once per entry, or for an
 * event that sessions see cut (to what they may view, visibility.ts VIEW_CUTS; to the entries of
 * the circles they are in, circlesCut) once per cut, and nothing when none of it is for the session.
 */
function deliver(session: Session, entry: RoutedEntry, envelope: BusEnvelope): void {
  const event = envelope.event;
  const cut = envelope.audience.kind === 'circles' ? circlesCut(event, envelope.audience.circles, session) : cutFor(event, session);
  if (cut === undefined) {
    session.push((entry.tail ??= dispatchTail(event)));
    return;
  }
  if (cut === null) return;
  const tails = (entry.cutTails ??= new Map<string, FrameTail>());
  let tail = tails.get(cut.key);
  if (tail === undefined) tails.set(cut.key, (tail = dispatchTail(cut.event)));
  session.push(tail);
}

/** What applying one bus entry to a session came to: applied, the session missed an event, or it needs a team's access loaded first. */
export type Applied = 'done' | 'lost' | { load: string };

export interface RouterHooks {
  /** The access of some users to one team (the permissions module, one round trip). */
  loadAccess: LoadTeamAccess;
  /** The session missed an event, or what it may view could not be loaded: end it with INVALID_SESSION. */
  invalidate(session: Session): void;
  onLoadError(err: unknown): void;
}

/**
 * The process's delivery index: which sessions hear a channel (or category), a team, a user. Each
 * envelope is serialised once and handed to the indexed sessions it is for. An event of the
 * visibility table (modules/permissions/visibility-changes.ts) changes the subscriptions on the way: `join`, `leave` and
 * `forget` at once; `recompute` takes the sessions it concerns out of the index until their access
 * is loaded (one load per team), and they receive it and everything after it in bus order then.
 * Sessions that are starting or resuming collect every entry unfiltered too, until they are
 * released.
 */
export class Router {
  private readonly byChannel: Index = new Map();
  private readonly byTeam: Index = new Map();
  private readonly byUser: Index = new Map();
  /** Sessions that collect every entry (session.pending) instead of being indexed. */
  private readonly pending = new Set<Session>();
  /** Of those, the ones the router applies entries to itself (released ones); the others belong to a READY or a RESUME. */
  private readonly draining = new Set<Session>();
  readonly loads: AccessLoads;
  /** Position of the last entry routed. */
  lastId: BusId;

  constructor(
    startId: BusId,
    private readonly hooks: RouterHooks,
  ) {
    this.lastId = startId;
    this.loads = new AccessLoads(hooks.loadAccess, () => this.lastId);
  }

  /** Collect every entry for the session until it is released (it is starting or catching up). */
  addPending(session: Session): void {
    session.pending = [];
    session.position = this.lastId;
    this.pending.add(session);
  }

  /**
   * Apply what the session collected after `after` (or after where it started collecting) in
   * order, then index it: from then on it receives directly.
   */
  release(session: Session, after: BusId | null): void {
    if (!session.pending) return;
    if (after !== null) session.position = after;
    this.draining.add(session);
    this.drain(session);
  }

  remove(session: Session): void {
    this.pending.delete(session);
    this.draining.delete(session);
    session.pending = null;
    session.awaiting = false;
    session.loaded = null;
    if (session.indexed) this.unindex(session);
  }

  /** The bus position up to which everything for the session is in its frames (a snapshot taken now resumes after it). */
  cursorOf(session: Session): BusId {
    return session.pending ? session.position : this.lastId;
  }

  route(message: BusMessage, id: BusId): void {
    const before = this.lastId;
    this.lastId = id;
    const entry: RoutedEntry = { id, message };
    for (const session of this.pending) session.pending!.push(entry);
    if (isGap(message)) {
      for (const session of this.indexed(message.gap.audience)) this.hooks.invalidate(session);
    } else {
      this.routeEvent(entry, message, before);
    }
    for (const session of this.draining) if (!session.awaiting) this.drain(session);
  }

  /**
   * Apply one entry to a session that is not indexed: its subscription change, then delivery when
   * it is for the session. Used for collected entries and by a resume's catch-up.
   */
  apply(session: Session, entry: RoutedEntry): Applied {
    const message = entry.message;
    if (isGap(message)) return audienceIncludes(message.gap.audience, session) ? 'lost' : 'done';
    const change = changeOf(message.event);
    if (change?.kind === 'join') {
      if (audienceIncludes(message.audience, session)) this.view(session, change.teamId, change.channelIds, change.categoryIds);
    } else if (change?.kind === 'recompute' && concerns(change, session)) {
      const loaded = session.loaded?.get(change.teamId);
      if (!loaded || !loaded.users.has(session.userId) || compareBusIds(entry.id, loaded.covers) > 0) return { load: change.teamId };
      this.recompute(session, change.teamId, loaded.accesses.get(session.userId) ?? null, message.audience);
    }
    if (audienceIncludes(message.audience, session)) deliver(session, entry, message);
    if ((change?.kind === 'leave' || change?.kind === 'forget') && concerns(change, session)) this.unview(session, change);
    return 'done';
  }

  /** Load the access the session's next entry needs (a catch-up awaits it, covering up to `after`); false when it could not be read. */
  async loadFor(session: Session, teamId: string, after: BusId): Promise<boolean> {
    try {
      const loaded = await this.loads.get(teamId, session.userId, after);
      (session.loaded ??= new Map()).set(teamId, loaded);
      return true;
    } catch (err) {
      this.hooks.onLoadError(err);
      return false;
    }
  }

  private routeEvent(entry: RoutedEntry, envelope: BusEnvelope, before: BusId): void {
    const change = changeOf(envelope.event);
    if (change?.kind === 'recompute') {
      for (const session of this.concerned(change)) this.hold(session, entry, before);
    }
    const targets = this.targets(envelope.audience);
    if (targets) {
      if (change?.kind === 'join') for (const session of targets) this.view(session, change.teamId, change.channelIds, change.categoryIds);
      const except = envelope.audience.kind === 'channel' ? envelope.audience.except : undefined;
      for (const session of targets) if (session.userId !== except) deliver(session, entry, envelope);
    }
    if (change?.kind === 'leave' || change?.kind === 'forget') for (const session of this.concerned(change)) this.unview(session, change);
  }

  /** Take an indexed session out of the index: it applies `entry` and what follows once it has what it needs. */
  private hold(session: Session, entry: RoutedEntry, before: BusId): void {
    this.unindex(session);
    session.pending = [entry];
    session.position = before;
    this.pending.add(session);
    this.draining.add(session);
  }

  /** Apply the session's collected entries in order; index it when none is left (or wait for a load). */
  private drain(session: Session): void {
    const entries = session.pending;
    if (!entries || session.awaiting) return;
    for (const [i, entry] of entries.entries()) {
      if (compareBusIds(entry.id, session.position) <= 0) continue;
      const applied = this.apply(session, entry);
      if (applied === 'done') {
        session.position = entry.id;
        continue;
      }
      entries.splice(0, i);
      if (applied === 'lost') this.hooks.invalidate(session);
      else this.awaitLoad(session, applied.load, entry.id);
      return;
    }
    entries.length = 0;
    // A resumed session may have read the bus further than this process has routed: the rest comes.
    if (compareBusIds(this.lastId, session.position) < 0) return;
    this.pending.delete(session);
    this.draining.delete(session);
    session.pending = null;
    session.loaded = null;
    this.index(session);
  }

  private awaitLoad(session: Session, teamId: string, after: BusId): void {
    session.awaiting = true;
    this.loads.request(teamId, session.userId, after, (result) => {
      if (!this.draining.has(session)) return; // ended meanwhile
      session.awaiting = false;
      if (result instanceof Error) {
        this.hooks.onLoadError(result);
        this.hooks.invalidate(session);
        return;
      }
      (session.loaded ??= new Map()).set(teamId, result);
      this.drain(session);
    });
  }

  /**
   * What the member may view of the team now replaces what the session viewed; the client is told
   * what appeared and what went (except the channel the event itself is addressed to when it
   * appears: the event reaches the session and carries it).
   */
  private recompute(session: Session, teamId: string, access: TeamAccess | null, audience: Audience): void {
    // Not a member any more: no channel; the team itself is heard until its USER_LEFT_TEAM arrives.
    const state = access ? teamStateOf([access]) : { channels: [], categories: [] };
    const before = session.teams.get(teamId);
    const announced = audience.kind === 'channel' ? audience.channelId : null;
    const channels = new Set(state.channels.map((c) => c.id));
    const categories = new Set(state.categories.map((c) => c.id));
    const told: DispatchEvent[] = [];
    for (const data of state.categories) if (!before?.categories.has(data.id) && data.id !== announced) told.push({ type: 'CATEGORY_CREATED', data });
    for (const data of state.channels) if (!before?.channels.has(data.id) && data.id !== announced) told.push({ type: 'CHANNEL_CREATED', data });
    for (const id of before?.channels ?? []) if (!channels.has(id)) told.push({ type: 'CHANNEL_DELETED', data: { id, teamId } });
    for (const id of before?.categories ?? []) if (!categories.has(id)) told.push({ type: 'CATEGORY_DELETED', data: { id, teamId } });
    this.unview(session, { kind: 'leave', teamId, userId: null });
    this.view(session, teamId, channels, categories);
    for (const event of told) session.push(dispatchTail(event));
  }

  private view(session: Session, teamId: string, channelIds: Iterable<string>, categoryIds: Iterable<string>): void {
    session.view(teamId, channelIds, categoryIds);
    if (!session.indexed) return;
    addTo(this.byTeam, teamId, session);
    const team = session.teams.get(teamId)!;
    for (const id of team.channels) addTo(this.byChannel, id, session);
    for (const id of team.categories) addTo(this.byChannel, id, session);
  }

  private unview(session: Session, change: Extract<VisibilityChange, { kind: 'leave' | 'forget' }>): void {
    const gone = change.kind === 'leave' ? session.leave(change.teamId) : session.forget(change.channelId) ? [change.channelId] : [];
    if (!session.indexed) return;
    for (const id of gone) removeFrom(this.byChannel, id, session);
    if (change.kind === 'leave') removeFrom(this.byTeam, change.teamId, session);
  }

  private index(session: Session): void {
    session.indexed = true;
    for (const id of session.channelIds) addTo(this.byChannel, id, session);
    for (const id of session.teams.keys()) addTo(this.byTeam, id, session);
    addTo(this.byUser, session.userId, session);
  }

  private unindex(session: Session): void {
    session.indexed = false;
    for (const id of session.channelIds) removeFrom(this.byChannel, id, session);
    for (const id of session.teams.keys()) removeFrom(this.byTeam, id, session);
    removeFrom(this.byUser, session.userId, session);
  }

  /** The indexed sessions a leave, forget or recompute concerns (a copy: applying it changes the index). */
  private concerned(change: VisibilityChange): Session[] {
    switch (change.kind) {
      case 'join':
        return [];
      case 'forget':
        return [...(this.byChannel.get(change.channelId) ?? [])];
      case 'leave':
      case 'recompute':
        return [...(this.byTeam.get(change.teamId) ?? [])].filter((s) => change.userId === null || s.userId === change.userId);
    }
  }

  /** The indexed sessions of an audience (a copy). */
  private indexed(audience: GapAudience): Session[] {
    if (audience.kind !== 'all') return [...(this.targets(audience) ?? [])];
    const out: Session[] = [];
    for (const sessions of this.byUser.values()) out.push(...sessions);
    return out;
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
      case 'circle':
        return this.circleTargets([audience]);
      case 'circles':
        return this.circleTargets(audience.circles);
    }
  }

  /** The indexed sessions of some circles, each once. */
  private circleTargets(circles: readonly Circle[]): Set<Session> {
    const out = new Set<Session>();
    for (const circle of circles) {
      for (const teamId of circle.teamIds) for (const s of this.byTeam.get(teamId) ?? []) out.add(s);
      for (const userId of circle.userIds) for (const s of this.byUser.get(userId) ?? []) out.add(s);
    }
    return out;
  }
}
