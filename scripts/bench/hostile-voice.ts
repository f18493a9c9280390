/**
 * The voice-state flood of the hostile-load section (hostile.ts): one member in a voice channel sends
 * `state` frames (mute on, off, on, …) on their signalling socket as fast as it takes them (a probe
 * once sent 60,000 in 2 s, which became 960,000 gateway frames to 16 viewers). When the server closes
 * the socket, the attacker takes a new voice token and comes back, until the phase ends. A second
 * member sits in the room as a listener, counting the room's `participant` messages; the channel's
 * viewers (the measuring socket of hostile.ts among them) receive the VOICE_UPDATED events.
 * `voiceFlood` runs in the attackers' child process (hostile-clients.ts); `voiceFloodReport` prints
 * its figures with the other users' latency as a ratio to the baseline phase.
 */
import WebSocket from 'ws';
import { messageText } from '../../apps/server/src/gateway/message-text';
import { networkErrorName } from './http';
import type { Summary } from './stats';
import { f1, f2, int, markdownTable, times } from './table';

/** The phase's name in hostile.ts's phase table. */
export const VOICE_FLOOD_PHASE = 'voice-state flood';

export interface VoiceFloodCommand {
  type: 'voiceFlood';
  baseUrl: string;
  /** The attacker's and the listener's session cookies. */
  cookie: string;
  listenerCookie: string;
  teamId: string;
  channelId: string;
  seconds: number;
}

export interface VoiceFloodReport {
  /** Voice tokens the attacker got, and the join calls refused ("HTTP 429", network errors). */
  tokens: number;
  tokensRefused: Record<string, number>;
  /** Signalling sockets that got `joined`. */
  joined: number;
  stateFramesSent: number;
  /** Close codes (and reasons) of the attacker's sockets. */
  closes: Record<string, number>;
  /** `participant` messages the listener in the room received. */
  listenerParticipants: number;
  listenerClose: string | null;
}

/** Frames written per turn of the event loop while the socket's buffer is under BUFFER_LIMIT. */
const BATCH = 500;
const BUFFER_LIMIT = 4 * 1024 * 1024;
const STATE_FRAMES = [true, false].map((muted) => JSON.stringify({ op: 'state', muted, deafened: false, speaking: false }));

const sockets = new Set<WebSocket>();
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A voice token and the signalling URL of the channel's node, or why not. */
async function joinCall(cmd: VoiceFloodCommand, cookie: string): Promise<{ url: string; token: string } | { refused: string; retryMs: number }> {
  try {
    const response = await fetch(`${cmd.baseUrl}/api/v1/teams/${cmd.teamId}/channels/${cmd.channelId}/join`, {
      headers: { cookie, 'x-rally-request': '1' },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status !== 200) return { refused: `HTTP ${response.status}`, retryMs: Number(response.headers.get('retry-after') ?? 1) * 1000 };
    const { endpoint, token } = JSON.parse(text) as { endpoint: string; token: string };
    return { url: /^wss?:/.test(endpoint) ? endpoint : `${cmd.baseUrl.replace(/^http/, 'ws')}${endpoint}`, token };
  } catch (err) {
    return { refused: networkErrorName(err), retryMs: 1000 };
  }
}

/** Open the signalling socket and join; `onJoined` once `joined` arrives. Resolves with the close code and reason. */
function signal(url: string, token: string, handlers: { joined: (ws: WebSocket) => void; message?: (text: string) => void }): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    sockets.add(ws);
    let joined = false;
    ws.on('open', () => ws.send(JSON.stringify({ op: 'join', token })));
    ws.on('message', (raw) => {
      const text = messageText(raw);
      if (!joined && text.includes('"op":"joined"')) {
        joined = true;
        handlers.joined(ws);
      }
      handlers.message?.(text);
    });
    ws.on('error', () => {
      // The close event follows.
    });
    ws.on('close', (code, reason) => {
      sockets.delete(ws);
      resolve(`${code}${reason.length ? ` ${reason.toString()}` : ''}`);
    });
  });
}

/** Write state frames as fast as the socket takes them, until it closes or the deadline. */
function flood(ws: WebSocket, deadline: number, count: () => void): void {
  let n = 0;
  const turn = () => {
    if (ws.readyState !== WebSocket.OPEN || performance.now() >= deadline) return;
    for (let i = 0; i < BATCH && ws.bufferedAmount < BUFFER_LIMIT; i++) {
      ws.send(STATE_FRAMES[n++ % 2]!); // an index of the two
      count();
    }
    setImmediate(turn);
  };
  turn();
}

export async function voiceFlood(cmd: VoiceFloodCommand): Promise<VoiceFloodReport> {
  const deadline = performance.now() + cmd.seconds * 1000;
  const report: VoiceFloodReport = { tokens: 0, tokensRefused: {}, joined: 0, stateFramesSent: 0, closes: {}, listenerParticipants: 0, listenerClose: null };

  const listening = (async () => {
    const call = await joinCall(cmd, cmd.listenerCookie);
    if ('refused' in call) {
      report.listenerClose = `not joined: ${call.refused}`;
      return;
    }
    const closed = signal(call.url, call.token, {
      joined: () => {},
      message: (text) => {
        if (text.includes('"op":"participant"')) report.listenerParticipants++;
      },
    });
    report.listenerClose = await Promise.race([closed, sleep(Math.max(0, deadline - performance.now())).then(() => null)]);
  })();

  while (performance.now() < deadline) {
    const call = await joinCall(cmd, cmd.cookie);
    if ('refused' in call) {
      bump(report.tokensRefused, call.refused);
      await sleep(Math.min(call.retryMs, Math.max(0, deadline - performance.now())));
      continue;
    }
    report.tokens++;
    const closed = signal(call.url, call.token, {
      joined: (ws) => {
        report.joined++;
        flood(ws, deadline, () => report.stateFramesSent++);
      },
    });
    const outcome = await Promise.race([closed, sleep(Math.max(0, deadline - performance.now())).then(() => null)]);
    if (outcome === null) break; // the phase ended with the socket open
    bump(report.closes, outcome);
  }
  await listening;
  stopVoiceFlood();
  return report;
}

/** Drop every socket of the flood (the phase ended, or the child closes). */
export function stopVoiceFlood(): void {
  for (const ws of sockets) {
    ws.removeAllListeners();
    ws.on('error', () => {});
    ws.terminate();
  }
  sockets.clear();
}

/** What the report needs of hostile.ts's phase figures. */
interface PhaseLatency {
  phase: string;
  health: Summary;
  message: Summary;
  eventsReceived: number;
  serverCpuSeconds: number;
}

/** The flood's figures, and the other users' latency during it as a ratio to the baseline phase. */
export function voiceFloodReport(report: VoiceFloodReport, phases: PhaseLatency[], seconds: number): string {
  const baseline = phases.find((p) => p.phase === 'baseline');
  const during = phases.find((p) => p.phase === VOICE_FLOOD_PHASE);
  const counts = (record: Record<string, number>) =>
    Object.entries(record)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ×${int(n)}`)
      .join(', ') || '—';
  const rows: string[][] = [
    ['voice tokens taken (join calls refused)', `${int(report.tokens)} (${counts(report.tokensRefused)})`],
    ['signalling sockets joined', int(report.joined)],
    ['state frames sent', int(report.stateFramesSent)],
    ['attacker sockets closed by the server', counts(report.closes)],
    ['`participant` messages to the listener in the room', int(report.listenerParticipants)],
    ["the listener's socket at the end", report.listenerClose ?? 'open'],
    ['events on the measuring socket (VOICE_UPDATED …)', during ? int(during.eventsReceived) : '—'],
    ['server CPU, s (baseline)', during && baseline ? `${f2(during.serverCpuSeconds)} (${f2(baseline.serverCpuSeconds)})` : '—'],
    ['health p50 / p99, × baseline', `${times(during?.health.p50, baseline?.health.p50)} / ${times(during?.health.p99, baseline?.health.p99)}`],
    ['send->receive p50 / p99, × baseline', `${times(during?.message.p50, baseline?.message.p50)} / ${times(during?.message.p99, baseline?.message.p99)}`],
    ['health p50 / p99 during, ms', during ? `${f1(during.health.p50)} / ${f1(during.health.p99)}` : '—'],
  ];
  return markdownTable([`${VOICE_FLOOD_PHASE}: one member's state toggles as fast as the socket takes them, ${seconds} s`, ''], rows);
}
