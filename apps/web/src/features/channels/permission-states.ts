import type { Overwrite } from '@rally/shared/permissions';
import { CHANNEL_PERMISSION_SETS, ChannelPermission, type ChannelPermissionName, type ChannelType } from '@rally/shared/permissions';

/**
 * The permission editor's model (pure, tested without React): an overwrite's allow and deny masks
 * seen bit by bit as one of three states, and back.
 */

/** Deny (×), inherit (/: the role's or category's value stands), allow (✓). */
export type BitState = 'deny' | 'inherit' | 'allow';
export const BIT_STATES: readonly BitState[] = ['deny', 'inherit', 'allow'];

export const EMPTY_OVERWRITE: Overwrite = { allow: 0, deny: 0 };

/** The bits of a channel type, in the order the editor lists them (the bit order of ChannelPermission). */
export function permissionBitsOf(type: ChannelType): { name: ChannelPermissionName; bit: number }[] {
  const applicable = CHANNEL_PERMISSION_SETS[type].applicable;
  return (Object.entries(ChannelPermission) as [ChannelPermissionName, number][])
    .filter(([, bit]) => (applicable & bit) === bit)
    .map(([name, bit]) => ({ name, bit }));
}

/** One bit's state in an overwrite (a bit in both masks counts as allowed, as the engine applies it). */
export function bitState(overwrite: Overwrite, bit: number): BitState {
  if ((overwrite.allow & bit) === bit) return 'allow';
  if ((overwrite.deny & bit) === bit) return 'deny';
  return 'inherit';
}

/** The overwrite with one bit set to a state (the two masks stay disjoint). */
export function withBitState(overwrite: Overwrite, bit: number, state: BitState): Overwrite {
  const allow = overwrite.allow & ~bit;
  const deny = overwrite.deny & ~bit;
  if (state === 'allow') return { allow: allow | bit, deny };
  if (state === 'deny') return { allow, deny: deny | bit };
  return { allow, deny };
}

/** Each listed bit's state, by name. */
export function statesOf(overwrite: Overwrite, type: ChannelType): Partial<Record<ChannelPermissionName, BitState>> {
  return Object.fromEntries(permissionBitsOf(type).map(({ name, bit }) => [name, bitState(overwrite, bit)]));
}

/** The overwrite that per-bit states describe (bits not named are inherited). */
export function overwriteOfStates(states: Partial<Record<ChannelPermissionName, BitState>>): Overwrite {
  let overwrite = EMPTY_OVERWRITE;
  for (const [name, state] of Object.entries(states) as [ChannelPermissionName, BitState][])
    overwrite = withBitState(overwrite, ChannelPermission[name], state);
  return overwrite;
}

/** The bits whose state differs between two overwrites (what a save grants or revokes). */
export function changedBits(before: Overwrite, after: Overwrite): number {
  return (before.allow ^ after.allow) | (before.deny ^ after.deny);
}

export function sameOverwrite(a: Overwrite, b: Overwrite): boolean {
  return a.allow === b.allow && a.deny === b.deny;
}

/** Whether the user may change this bit: only bits they hold on the channel (spec 001 §6: grant only what one holds). */
export function canEditBit(held: number, bit: number): boolean {
  return (held & bit) === bit;
}

/** An overwrite's target: a role or a member. */
export interface OverwriteTarget {
  kind: 'role' | 'user';
  id: string;
}

export const targetKey = (target: OverwriteTarget) => `${target.kind}:${target.id}`;

export function parseTargetKey(key: string): OverwriteTarget | null {
  const [kind, id] = key.split(':');
  return (kind === 'role' || kind === 'user') && id ? { kind, id } : null;
}

/** The saved overwrites of a channel or category, keyed by target. */
export function overwritesByTarget(permissions: { role: Record<string, Overwrite>; user: Record<string, Overwrite> }): Record<string, Overwrite> {
  const out: Record<string, Overwrite> = {};
  for (const kind of ['role', 'user'] as const) for (const [id, overwrite] of Object.entries(permissions[kind])) out[targetKey({ kind, id })] = overwrite;
  return out;
}

/**
 * The writes a save makes: each target whose edited overwrite differs from the saved one (a target
 * missing from the saved ones counts as empty; an edited empty overwrite removes it).
 */
export function overwriteChanges(saved: Record<string, Overwrite>, edited: Record<string, Overwrite>): { target: OverwriteTarget; overwrite: Overwrite }[] {
  const keys = new Set([...Object.keys(saved), ...Object.keys(edited)]);
  const out: { target: OverwriteTarget; overwrite: Overwrite }[] = [];
  for (const key of keys) {
    const target = parseTargetKey(key);
    if (!target || !(key in edited)) continue;
    const before = saved[key] ?? EMPTY_OVERWRITE;
    const after = edited[key] ?? EMPTY_OVERWRITE;
    if (!sameOverwrite(before, after)) out.push({ target, overwrite: after });
  }
  return out;
}
