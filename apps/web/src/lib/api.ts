import type { ErrorResponse } from '@rally/shared/api/common';
import type { UploadKind, UploadResponse } from '@rally/shared/api/uploads';
import { CSRF_HEADER } from '@rally/shared/api/headers';
import type { ENDPOINTS } from '@rally/shared/api/endpoints';
import { ROUTES, routePath, type EndpointName } from '@rally/shared/api/routes';
import i18n from 'i18next';
import type { z } from 'zod';

/** A failed API call: the server's message (already in the user's language), its code and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors: Record<string, string> = {},
    /** A 429's Retry-After, in ms (null when the answer gave none). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Call the API: same origin, session cookie, CSRF header on every call, the UI language for server
 * messages. Resolves with the JSON body; rejects with ApiError (network failures included).
 */
async function api<T>(method: Method, path: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal: init.signal,
      headers: {
        [CSRF_HEADER]: '1',
        'accept-language': i18n.language || 'en',
        // FormData sets its own multipart content type (with the boundary).
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, i18n.t('errors:network', { defaultValue: 'Network error. Please try again.' }), 'network');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const err = data as Partial<ErrorResponse> | undefined;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, err?.message ?? i18n.t('errors:internal'), err?.code, err?.errors ?? {}, retryAfter > 0 ? retryAfter * 1000 : null);
  }
  return data as T;
}

type Endpoints = typeof ENDPOINTS;
type Part<N extends EndpointName, K extends 'params' | 'query' | 'body'> = Endpoints[N] extends { [P in K]: z.ZodType } ? z.input<Endpoints[N][K]> : undefined;

/** What a call sends: path parameters, query and body, each present exactly when the endpoint declares it. */
export type CallInput<N extends EndpointName> = { [K in 'params' | 'query' | 'body' as Part<N, K> extends undefined ? never : K]: Part<N, K> };

/** What a call resolves with: the endpoint's response (the server serialises it with that schema). */
export type CallResult<N extends EndpointName> = z.output<Endpoints[N]['response']>;

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/**
 * Call an endpoint by name (packages/shared api/endpoints.ts): the path, method and types come from
 * its declaration, never retyped here. The answer is typed by the endpoint's response schema; the
 * server serialises every answer with that schema, so its shape is checked where it is made (and
 * zod stays out of the landing route: only the zod-free ROUTES are loaded at run time).
 */
export function call<N extends EndpointName>(name: N, input: CallInput<N>, init: { signal?: AbortSignal } = {}): Promise<CallResult<N>> {
  const parts = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  const route = ROUTES[name];
  const body = route.method === 'GET' ? undefined : (parts.body ?? {});
  return api<CallResult<N>>(route.method, routePath(name, parts.params) + queryString(parts.query), body, init);
}

/**
 * Upload an image (`POST /api/v1/upload`, multipart: the file streamed as `image`, then `type` and
 * the optional `teamId`). The server checks the content, re-encodes it and answers with the `url`
 * to put on a team or profile. Same errors as `call` (a 413 or 415 carries the server's text).
 */
export function uploadImage(input: { kind: UploadKind; file: Blob; teamId?: string }, init: { signal?: AbortSignal } = {}): Promise<UploadResponse> {
  const form = new FormData();
  form.append('type', input.kind);
  if (input.teamId) form.append('teamId', input.teamId);
  form.append('image', input.file, input.file instanceof File ? input.file.name : 'image');
  return api<UploadResponse>(ROUTES.upload.method, ROUTES.upload.paths[0], form, init);
}
