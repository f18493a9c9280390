import { createHmac } from 'node:crypto';
import { sameSecret } from '../lib/seal';
import type { ParticipantState } from '@rally/shared/voice/signaling';
import type { SfuStats } from './engine';
import type { VoiceGrant } from './token';

/** Someone in a room of a node, and what they last told (null: nothing since joining). */
export interface NodeParticipant {
  grant: VoiceGrant;
  state: ParticipantState | null;
}

/**
 * Messages from an SFU process to the API process that holds it: over IPC from the embedded
 * child (modules/voice/embedded-sfu.ts), as JSON text frames over the node link from a remote
 * node (sfu/api-link.ts, modules/voice/remote-nodes.ts). `ready` is the child's only; `hello`
 * the remote node's first frame (who it is, signed), and `snapshot` who is in the node's rooms: a
 * remote node's second frame (so that a node linked again after a drop puts the states right),
 * and any node's answer to the API's `snapshot`.
 */
export type SfuToApi =
  | { type: 'ready'; port: number }
  | { type: 'hello'; nodeId: string; t: number; mac: string }
  | { type: 'snapshot'; participants: NodeParticipant[] }
  | { type: 'joined'; grant: VoiceGrant }
  | { type: 'changed'; grant: VoiceGrant; state: ParticipantState }
  | { type: 'left'; grant: VoiceGrant }
  | { type: 'stats'; id: number; stats: SfuStats };

/**
 * Messages from the API to an SFU process (IPC or the node link). `snapshot` asks for a snapshot
 * (the node's entry had lapsed and its participants may have been swept out of the states).
 */
export type ApiToSfu = { type: 'kick'; roomId: string; userId: string; reason: string } | { type: 'stats'; id: number } | { type: 'snapshot' };

/** Where a remote node opens its link to the API (a WebSocket upgrade of the API's HTTP server). */
export const SFU_NODE_LINK_PATH = '/api/v1/voice/nodes';
/** How far a node's hello may be from the API's clock. */
export const NODE_HELLO_SKEW_MS = 60_000;

const helloMac = (secret: string, nodeId: string, t: number) => createHmac('sha256', `sfu-node:${secret}`).update(`${nodeId}.${t}`).digest('base64url');

/** A remote node's first frame: its id and the time, signed with the secret it shares with the API (SFU_SECRET). */
export function signNodeHello(secret: string, nodeId: string, t = Date.now()): Extract<SfuToApi, { type: 'hello' }> {
  return { type: 'hello', nodeId, t, mac: helloMac(secret, nodeId, t) };
}

/** Whether a hello is well signed and recent. */
export function verifyNodeHello(secret: string, hello: { nodeId: string; t: number; mac: string }, now = Date.now()): boolean {
  if (Math.abs(now - hello.t) > NODE_HELLO_SKEW_MS) return false;
  return sameSecret(hello.mac, helloMac(secret, hello.nodeId, hello.t));
}
