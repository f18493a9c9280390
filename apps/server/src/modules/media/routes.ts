import type { FastifyInstance } from 'fastify';
import { IMAGE_PROXY_PATH, parseHttpUrl } from '@rally/shared/markdown/links';
import { AppError, badRequest, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import { authenticate } from '../auth/authenticate';
import { fetchRemoteImage } from './remote-image';

/** Images a user may fetch through the proxy per minute. */
export const IMAGE_PROXY_RATE = { count: 120, windowMs: 60_000 } as const;
export const imageProxyRateKey = (userId: string) => `imageProxy:${userId}`;

/**
 * GET /media/image-proxy?url=<https URL>: embed images (spec 001 §7 "Embed images are fetched
 * through an image proxy"), so that the reader's browser talks only to Rally (no foreign host learns
 * who reads a message, and the CSP's img-src stays 'self'). Signed-in users only, per-user rate
 * limit; https URLs of public hosts only (fetchRemoteImage: SSRF checks, size, type, time). A binary
 * answer, so a plain route outside /api (like /uploads) rather than an endpoint object; it reads
 * the session and applies the region check itself, as the /api hook does: 401, 451, 400
 * invalid_request, 429, or 404 not_found when there is no image to give.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get(IMAGE_PROXY_PATH, async (request, reply) => {
    if (!request.region.allowed) throw new AppError(451, 'region_unavailable');
    await authenticate(request);
    if (!request.userId) throw unauthorized();
    const raw = (request.query as { url?: unknown }).url;
    const url = typeof raw === 'string' ? parseHttpUrl(raw) : null;
    if (!url || url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) throw badRequest('invalid_request');
    const rate = await app.rateLimiter.hit(imageProxyRateKey(request.userId), IMAGE_PROXY_RATE.count, IMAGE_PROXY_RATE.windowMs);
    if (!rate.allowed) throw tooManyRequests(rate.retryAfterMs);
    const image = await fetchRemoteImage(url);
    if (!image) throw notFound();
    return reply
      .headers({
        'content-type': image.contentType,
        'content-length': String(image.body.length),
        'cache-control': 'private, max-age=86400',
        'x-content-type-options': 'nosniff',
      })
      .send(image.body);
  });
}
