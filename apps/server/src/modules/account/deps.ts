import type { Config } from '../../env';
import type { RateLimiter } from '../../lib/rate-limit';
import type { ServiceDeps } from '../../lib/service-deps';
import type { Storage } from '../uploads/storage';
import type { SessionSockets } from '../auth/service';
import type { Mailer } from '../mail/mailer';

/** What the account services need besides ServiceDeps: the config (verification, PUBLIC_URL), mail, rate limits, the gateway's sockets and the storage (a deleted account's files). */
export interface AccountDeps extends ServiceDeps {
  config: Config;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  sockets: SessionSockets;
  storage: Storage;
}
