import type { Redis } from 'ioredis';

/**
 * Gateway-to-gateway orders that are not events: "end the sockets of this auth session" (logout
 * through one process must close the user's sockets on every process). Redis pub/sub when the bus
 * is Redis; nothing to do in one process.
 */
export interface ControlChannel {
  endAuthSession(tokenHash: string): void;
  close(): Promise<void>;
}

interface ControlMessage {
  kind: 'end-auth-session';
  tokenHash: string;
}

export const localControl: ControlChannel = { endAuthSession: () => {}, close: async () => {} };

export function redisControl(commands: Redis, prefix: string, onEnd: (tokenHash: string) => void, onError: (err: unknown) => void): ControlChannel {
  const channel = `${prefix}gw:control`;
  const subscriber = commands.duplicate();
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const message = JSON.parse(raw) as ControlMessage;
      if (message.kind === 'end-auth-session' && typeof message.tokenHash === 'string') onEnd(message.tokenHash);
    } catch (err) {
      onError(err);
    }
  });
  subscriber.on('error', onError);
  subscriber.subscribe(channel).catch(onError);
  return {
    endAuthSession(tokenHash) {
      const message: ControlMessage = { kind: 'end-auth-session', tokenHash };
      commands.publish(channel, JSON.stringify(message)).catch(onError);
    },
    close: async () => {
      subscriber.disconnect();
    },
  };
}
