import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/memory-bus';
import { isGap, type BusMessage } from '../../bus/types';
import type { VoiceGrant } from '../../sfu/token';
import type { NodeKick } from './nodes';
import { createReportApplier } from './reports';
import { MemoryVoiceStates } from './states';

const grant = (userId: string, channelId = 'lounge'): VoiceGrant => ({
  userId,
  teamId: 't1',
  channelId,
  screenCap: { width: 1280, height: 720, fps: 30 },
  exp: Date.now() + 60_000,
});
const state = (userId: string, muted: boolean) => ({ userId, muted, deafened: false, speaking: false, sources: [] as 'microphone'[] });

/** The applier on in-process states and bus, with what it published (type and user) and the kicks it asked for. */
function setup() {
  const bus = new MemoryBus();
  const states = new MemoryVoiceStates();
  const told: string[] = [];
  bus.subscribe((message: BusMessage) => {
    if (isGap(message)) return;
    const data = message.event.data as { userId?: string; participant?: { userId: string; muted: boolean } };
    told.push(`${message.event.type} ${data.userId ?? data.participant?.userId}${data.participant?.muted ? ' muted' : ''}`);
  });
  const kicks: NodeKick[] = [];
  const errors: unknown[] = [];
  const reports = createReportApplier(states, { bus }, { error: (obj: unknown) => void errors.push(obj) }, async (order) => void kicks.push(order));
  return { states, told, kicks, errors, reports };
}

const settle = (reports: ReturnType<typeof setup>['reports']) => reports.sweep('nobody');

describe('voice reports', () => {
  it('applies a node’s reports in order and tells each change', async () => {
    const { states, told, reports, errors } = setup();
    reports.apply('n1', { type: 'joined', grant: grant('u1') });
    reports.apply('n1', { type: 'changed', grant: grant('u1'), state: state('u1', true) });
    reports.apply('n1', { type: 'left', grant: grant('u1') });
    reports.apply('n1', { type: 'joined', grant: grant('u2') });
    await settle(reports);
    expect(told).toEqual(['VOICE_JOINED u1', 'VOICE_UPDATED u1 muted', 'VOICE_LEFT u1', 'VOICE_JOINED u2']);
    expect(await states.count('lounge')).toBe(1);
    expect(errors).toEqual([]);
  });

  it('has the session on the previous node kicked when a user joins on another one, and ignores that node’s late leave', async () => {
    const { states, told, kicks, reports } = setup();
    reports.apply('n1', { type: 'joined', grant: grant('u1', 'stage') });
    reports.apply('n2', { type: 'joined', grant: grant('u1') });
    reports.apply('n1', { type: 'left', grant: grant('u1', 'stage') });
    await settle(reports);
    expect(kicks).toEqual([{ nodeId: 'n1', roomId: 'stage', userId: 'u1', reason: 'voice_session_replaced' }]);
    expect(told).toEqual(['VOICE_JOINED u1', 'VOICE_LEFT u1', 'VOICE_JOINED u1']);
    expect(await states.placeOf('u1')).toEqual({ teamId: 't1', channelId: 'lounge' });
  });

  it('takes a node’s snapshot for the truth: those it lost leave, those it has are there with their state', async () => {
    const { states, told, reports } = setup();
    reports.apply('n1', { type: 'joined', grant: grant('gone') });
    reports.apply('n1', { type: 'joined', grant: grant('kept') });
    await settle(reports);
    told.length = 0;
    reports.apply('n1', {
      type: 'snapshot',
      participants: [
        { grant: grant('kept'), state: state('kept', true) },
        { grant: grant('new'), state: null },
      ],
    });
    await settle(reports);
    expect(told).toEqual(['VOICE_LEFT gone', 'VOICE_UPDATED kept muted', 'VOICE_JOINED new']);
    expect((await states.ofTeam('t1')).lounge?.map((p) => p.userId)).toEqual(['kept', 'new']);
  });

  it('sweeps out everyone on a node that is gone, telling each channel', async () => {
    const { states, told, reports } = setup();
    reports.apply('n1', { type: 'joined', grant: grant('u1') });
    reports.apply('n1', { type: 'joined', grant: grant('u2', 'stage') });
    reports.apply('n2', { type: 'joined', grant: grant('u3') });
    await reports.sweep('n1');
    expect(told.filter((t) => t.startsWith('VOICE_LEFT')).sort()).toEqual(['VOICE_LEFT u1', 'VOICE_LEFT u2']);
    expect(await states.placeOf('u3')).toEqual({ teamId: 't1', channelId: 'lounge' });
  });
});
