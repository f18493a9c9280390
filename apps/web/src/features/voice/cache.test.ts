import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { VoiceParticipant } from '@rally/shared/api/voice';
import { queryKeys } from '../../lib/query-keys';
import { voiceParticipantLeft, voiceParticipantSet, type VoiceStates } from './cache';

const person = (userId: string, fields: Partial<VoiceParticipant> = {}): VoiceParticipant => ({
  userId,
  muted: false,
  deafened: false,
  sources: [],
  joinedAt: '2026-11-24T12:00:00.000Z',
  ...fields,
});

function client(states: VoiceStates | undefined) {
  const qc = new QueryClient();
  if (states) qc.setQueryData(queryKeys.voiceStates('t'), states);
  return { qc, states: () => qc.getQueryData<VoiceStates>(queryKeys.voiceStates('t')) };
}

describe('voice cache', () => {
  it('adds a joiner, replaces their entry on an update, and takes them out of the channel they were in', () => {
    const { qc, states } = client({ a: [person('1')] });
    voiceParticipantSet(qc, 't', 'a', person('2'));
    expect(states()).toEqual({ a: [person('1'), person('2')] });
    voiceParticipantSet(qc, 't', 'a', person('1', { muted: true }));
    expect(states()).toEqual({ a: [person('1', { muted: true }), person('2')] });
    voiceParticipantSet(qc, 't', 'b', person('2'));
    expect(states()).toEqual({ a: [person('1', { muted: true })], b: [person('2')] });
  });

  it('removes a leaver and drops an empty channel', () => {
    const { qc, states } = client({ a: [person('1')], b: [person('2')] });
    voiceParticipantLeft(qc, 't', 'a', '1');
    expect(states()).toEqual({ b: [person('2')] });
    const before = states();
    voiceParticipantLeft(qc, 't', 'b', '9');
    expect(states()).toBe(before);
  });

  it('leaves a team whose states are not loaded alone', () => {
    const { qc, states } = client(undefined);
    voiceParticipantSet(qc, 't', 'a', person('1'));
    expect(states()).toBeUndefined();
  });
});
