import { z } from 'zod';
import { jsonSetting } from '../../lib/json';
import { VOICE_REGIONS } from '@rally/shared/voice/regions';

/** A remote SFU node: a standalone sfu/main.ts process in a region, reached by browsers at `url`. */
export const sfuNodeSchema = z.object({
  /** The node's name, the same as its SFU_NODE_ID (letters, digits, `-`, `_`). */
  id: z.string().regex(/^[\w-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _'),
  region: z.enum(VOICE_REGIONS),
  /** The node's signalling WebSocket as browsers reach it (wss://sfu-eu.example.com). */
  url: z.string().regex(/^wss?:\/\/\S+$/, 'must be a ws:// or wss:// URL'),
});
export type SfuNodeConfig = z.infer<typeof sfuNodeSchema>;

/** SFU_NODES: a JSON list of remote nodes, [{"id":"eu1","region":"eu-central-1","url":"wss://sfu-eu.example.com"}]. */
const sfuNodesSchema = jsonSetting.pipe(
  z.array(sfuNodeSchema).refine((nodes) => new Set(nodes.map((n) => n.id)).size === nodes.length, 'node ids must differ'),
);

/**
 * The API's settings for its SFU nodes (README "Voice", docs/voice.md "Several processes and
 * nodes"): the embedded node's internal address, the remote nodes, the secret shared with them and
 * how long a silent node is taken for alive.
 */
export const voiceNodeSettingsSchema = z.object({
  /** Where the embedded SFU listens for signalling: the other API processes pass upgrades to it there. */
  SFU_INTERNAL_HOST: z.string().min(1).default('127.0.0.1'),
  SFU_NODES: sfuNodesSchema.default([]),
  /** The secret voice tokens and node links are signed with, shared with the remote nodes (their SFU_SECRET); unset: derived from COOKIE_SECRET. */
  SFU_SECRET: z.string().min(32).optional(),
  /** A node (and the API process owning it) not heard of for this long is taken for gone: its participants are swept out. */
  VOICE_NODE_TTL_MS: z.coerce.number().int().min(300).default(15_000),
});
export type VoiceNodeSettings = z.infer<typeof voiceNodeSettingsSchema>;
