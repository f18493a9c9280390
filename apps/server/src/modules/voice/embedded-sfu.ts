import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { rateText } from '../../lib/rate-setting';
import type { MediaSettings } from '../../sfu/config';
import type { SfuStats } from '../../sfu/engine';
import type { ApiToSfu, NodeParticipant, SfuToApi } from '../../sfu/ipc';
import type { VoiceGrant } from '../../sfu/token';
import type { ParticipantState } from '@rally/shared/voice/signaling';
import type { NodeControl } from './nodes';

const SFU_ENTRY = fileURLToPath(new URL('../../sfu/main.ts', import.meta.url));
/** How long the SFU process may take to listen. */
const START_TIMEOUT_MS = 20_000;
/** After a crash, the SFU is started again this much later (its participants are gone: they rejoin). */
const RESTART_DELAY_MS = 1_000;

export interface SfuEvents {
  /** The process listens (again, after a crash) on this signalling port. */
  ready(port: number): void;
  joined(grant: VoiceGrant): void;
  changed(grant: VoiceGrant, state: ParticipantState): void;
  left(grant: VoiceGrant): void;
  /** Who is in its rooms, as asked by resync(). */
  snapshot(participants: NodeParticipant[]): void;
  /** The SFU process ended without being asked to: everyone in it is out. */
  crashed(): void;
}

/**
 * The SFU the API runs as its child process (sfu/main.ts; media never runs on the API's event
 * loop). Started on first use, restarted after a crash, stopped with the API. Its signalling port
 * listens on `host` (SFU_INTERNAL_HOST, loopback by default): browsers reach it through the API's
 * /api/v1/voice/sfu (voice/proxy.ts), on this process or another one.
 */
export class EmbeddedSfu implements NodeControl {
  private child: ChildProcess | null = null;
  private starting: Promise<number> | null = null;
  private closing = false;
  private nextStatsId = 1;
  private readonly statsWaiters = new Map<number, (stats: SfuStats) => void>();

  constructor(
    private readonly secret: string,
    private readonly settings: MediaSettings,
    readonly host: string,
    private readonly events: SfuEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The signalling port, starting the process if it is not running. */
  port(): Promise<number> {
    this.starting ??= this.start().catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private start(): Promise<number> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SFU_SECRET: this.secret,
      SFU_HOST: this.host,
      SFU_PORT: '0',
      SFU_REGION: this.settings.SFU_REGION,
      SFU_UDP_PORTS: this.settings.SFU_UDP_PORTS?.join('-') ?? '',
      SFU_ANNOUNCED_ADDRESS: this.settings.SFU_ANNOUNCED_ADDRESS ?? '',
      SFU_ICE_SERVERS: this.settings.SFU_ICE_SERVERS ? JSON.stringify(this.settings.SFU_ICE_SERVERS) : '',
      VOICE_MAX_SCREENSHARES: String(this.settings.VOICE_MAX_SCREENSHARES),
      VOICE_FRAME_RATE: rateText(this.settings.VOICE_FRAME_RATE),
      VOICE_USER_FRAME_RATE: rateText(this.settings.VOICE_USER_FRAME_RATE),
      VOICE_STATE_COALESCE_MS: String(this.settings.VOICE_STATE_COALESCE_MS),
    };
    const child = fork(SFU_ENTRY, [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child = child;
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('the SFU process did not start'));
      }, START_TIMEOUT_MS);
      child.on('message', (message: SfuToApi) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          this.events.ready(message.port);
          resolve(message.port);
        } else if (message.type === 'joined') this.events.joined(message.grant);
        else if (message.type === 'changed') this.events.changed(message.grant, message.state);
        else if (message.type === 'left') this.events.left(message.grant);
        else if (message.type === 'snapshot') this.events.snapshot(message.participants);
        else if (message.type === 'stats') this.statsWaiters.get(message.id)?.(message.stats);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the SFU process exited (${signal ?? code})`));
        if (this.child !== child) return;
        this.child = null;
        this.starting = null;
        if (this.closing) return;
        this.log.error({ code, signal }, 'voice: the SFU process ended; starting it again');
        this.events.crashed();
        setTimeout(() => void this.port().catch((err: unknown) => this.log.error({ err }, 'voice: restarting the SFU failed')), RESTART_DELAY_MS).unref();
      });
    });
  }

  private send(message: ApiToSfu): void {
    if (this.child?.connected) this.child.send(message);
  }

  resync(): void {
    this.send({ type: 'snapshot' });
  }

  kick(roomId: string, userId: string, reason: string): void {
    this.send({ type: 'kick', roomId, userId, reason });
  }

  /** The SFU's figures; null when it is not running. */
  async stats(): Promise<SfuStats | null> {
    if (!this.child?.connected) return null;
    const id = this.nextStatsId++;
    return new Promise((resolve) => {
      this.statsWaiters.set(id, (stats) => {
        this.statsWaiters.delete(id);
        resolve(stats);
      });
      this.send({ type: 'stats', id });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
