import { ChannelPermission as C } from '@rally/shared/permissions';
import { describe, expect, it } from 'vitest';
import {
  bitState,
  canEditBit,
  changedBits,
  overwriteChanges,
  overwriteOfStates,
  overwritesByTarget,
  parseTargetKey,
  permissionBitsOf,
  statesOf,
  targetKey,
  withBitState,
} from './permission-states';

describe('per-bit states of an overwrite', () => {
  it('reads allow, deny and inherit from the two masks', () => {
    const overwrite = { allow: C.SEND_MESSAGES, deny: C.VIEW_CHANNEL };
    expect(bitState(overwrite, C.SEND_MESSAGES)).toBe('allow');
    expect(bitState(overwrite, C.VIEW_CHANNEL)).toBe('deny');
    expect(bitState(overwrite, C.MANAGE_CHANNEL)).toBe('inherit');
    // A bit in both masks is allowed, as the engine applies it (deny cleared, then allow set).
    expect(bitState({ allow: C.VIEW_CHANNEL, deny: C.VIEW_CHANNEL }, C.VIEW_CHANNEL)).toBe('allow');
  });

  it('sets one bit at a time and keeps the masks disjoint', () => {
    let o = { allow: 0, deny: 0 };
    o = withBitState(o, C.VIEW_CHANNEL, 'deny');
    expect(o).toEqual({ allow: 0, deny: C.VIEW_CHANNEL });
    o = withBitState(o, C.VIEW_CHANNEL, 'allow');
    expect(o).toEqual({ allow: C.VIEW_CHANNEL, deny: 0 });
    o = withBitState(o, C.SEND_MESSAGES, 'deny');
    expect(o).toEqual({ allow: C.VIEW_CHANNEL, deny: C.SEND_MESSAGES });
    o = withBitState(o, C.VIEW_CHANNEL, 'inherit');
    expect(o).toEqual({ allow: 0, deny: C.SEND_MESSAGES });
    expect(o.allow & o.deny).toBe(0);
  });

  it('goes from masks to named states and back for every bit of a type', () => {
    const overwrite = { allow: C.SEND_MESSAGES | C.CAN_SEE_MESSAGE_HISTORY, deny: C.VIEW_CHANNEL };
    const states = statesOf(overwrite, 'text');
    expect(states).toEqual({
      VIEW_CHANNEL: 'deny',
      MANAGE_CHANNEL: 'inherit',
      SEND_MESSAGES: 'allow',
      MANAGE_MESSAGES: 'inherit',
      USE_EXTERNAL_EMOJIS: 'inherit',
      CAN_SEE_MESSAGE_HISTORY: 'allow',
    });
    expect(overwriteOfStates(states)).toEqual(overwrite);
  });

  it("lists only the bits of the channel's type (spec 001 §3)", () => {
    expect(permissionBitsOf('watchstream').map((b) => b.name)).toEqual(['VIEW_CHANNEL', 'MANAGE_CHANNEL']);
    expect(permissionBitsOf('category').map((b) => b.name)).toEqual(['VIEW_CHANNEL', 'MANAGE_CHANNEL']);
    expect(permissionBitsOf('voice').map((b) => b.name)).toEqual(['VIEW_CHANNEL', 'MANAGE_CHANNEL', 'CONNECT', 'DISCONNECT']);
    expect(permissionBitsOf('text').map((b) => b.name)).not.toContain('CONNECT');
  });
});

describe('what a save writes', () => {
  it('names the bits that change', () => {
    expect(changedBits({ allow: C.VIEW_CHANNEL, deny: 0 }, { allow: 0, deny: C.VIEW_CHANNEL })).toBe(C.VIEW_CHANNEL);
    expect(changedBits({ allow: C.SEND_MESSAGES, deny: 0 }, { allow: C.SEND_MESSAGES, deny: C.MANAGE_CHANNEL })).toBe(C.MANAGE_CHANNEL);
    expect(changedBits({ allow: 1, deny: 2 }, { allow: 1, deny: 2 })).toBe(0);
  });

  it('writes each changed target once, an emptied one as 0/0 (removed), and nothing for an unchanged one', () => {
    const saved = overwritesByTarget({
      role: { team: { allow: 0, deny: C.VIEW_CHANNEL }, mods: { allow: C.MANAGE_CHANNEL, deny: 0 } },
      user: { u1: { allow: C.SEND_MESSAGES, deny: 0 } },
    });
    const edited = {
      'role:team': { allow: 0, deny: C.VIEW_CHANNEL }, // as saved
      'role:mods': { allow: 0, deny: 0 }, // removed
      'user:u2': { allow: C.VIEW_CHANNEL, deny: 0 }, // added
      'user:u3': { allow: 0, deny: 0 }, // added then left empty: nothing to write
    };
    expect(overwriteChanges(saved, edited)).toEqual([
      { target: { kind: 'role', id: 'mods' }, overwrite: { allow: 0, deny: 0 } },
      { target: { kind: 'user', id: 'u2' }, overwrite: { allow: C.VIEW_CHANNEL, deny: 0 } },
    ]);
    expect(overwriteChanges(saved, {})).toEqual([]);
  });

  it('keys targets by kind and id', () => {
    expect(targetKey({ kind: 'user', id: '42' })).toBe('user:42');
    expect(parseTargetKey('role:7')).toEqual({ kind: 'role', id: '7' });
    expect(parseTargetKey('team:7')).toBeNull();
    expect(parseTargetKey('role:')).toBeNull();
  });
});

describe('disabled bits', () => {
  it('only bits the user holds on the channel can be changed', () => {
    const held = C.VIEW_CHANNEL | C.MANAGE_CHANNEL;
    expect(canEditBit(held, C.VIEW_CHANNEL)).toBe(true);
    expect(canEditBit(held, C.SEND_MESSAGES)).toBe(false);
    expect(canEditBit(0, C.VIEW_CHANNEL)).toBe(false);
  });
});
