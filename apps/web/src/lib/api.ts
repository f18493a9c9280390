import type { ErrorResponse } from '@rally/shared/api/common';
import type { UploadFields, UploadResponse } from '@rally/shared/api/uploads';
import { CSRF_HEADER } from '@rally/shared/api/headers';
import type { ENDPOINTS } from '@rally/shared/api/endpoints';
import { ROUTES, routePath, type EndpointName } from '@rally/shared/api/routes';
import i18n from 'i18next';
import { withSecondFactor } from './step-up';
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

/** The headers of every call: the CSRF marker and the UI language for the server's messages. */
function commonHeaders(): Record<string, string> {
  return { [CSRF_HEADER]: '1', 'accept-language': i18n.language || 'en' };
}

function networkError(): ApiError {
  return new ApiError(0, i18n.t('errors:network', { defaultValue: 'Network error. Please try again.' }), 'network');
}

/** The answer's JSON body, or an ApiError with the server's message for a status that is not 2xx. */
function readAnswer<T>(status: number, text: string, retryAfterHeader: string | null): T {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (status < 200 || status > 299) {
    const err = data as Partial<ErrorResponse> | undefined;
    const retryAfter = Number(retryAfterHeader);
    throw new ApiError(status, err?.message ?? i18n.t('errors:internal'), err?.code, err?.errors ?? {}, retryAfter > 0 ? retryAfter * 1000 : null);
  }
  return data as T;
}

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
        ...commonHeaders(),
        // FormData sets its own multipart content type (with the boundary).
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  return readAnswer<T>(response.status, await response.text(), response.headers.get('retry-after'));
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

export interface CallInit {
  signal?: AbortSignal;
  /** A multipart body, for an endpoint that reads its parts itself (it declares no body schema: uploadTeamEmojis). */
  form?: FormData;
}

/**
 * Call an endpoint by name (packages/shared api/endpoints.ts): the path, method and types come from
 * its declaration, never retyped here. The answer is typed by the endpoint's response schema; the
 * server serialises every answer with that schema, so its shape is checked where it is made (and
 * zod stays out of the landing route: only the zod-free ROUTES are loaded at run time). A call
 * answered with the '2FA' marker goes through the second-factor dialog and is retried (step-up.ts).
 */
export function call<N extends EndpointName>(name: N, input: CallInput<N>, init: CallInit = {}): Promise<CallResult<N>> {
  const parts = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  const route = ROUTES[name];
  const body = route.method === 'GET' ? undefined : (init.form ?? parts.body ?? {});
  const path = routePath(name, parts.params) + queryString(parts.query);
  // A JSON body can carry the second factor: a '2FA' answer opens the code dialog and the call is
  // sent again with twoFactorCode and twoFactorType added (its captchaToken, if any, kept).
  if (body === undefined || body instanceof FormData || typeof body !== 'object') return api<CallResult<N>>(route.method, path, body, init);
  return withSecondFactor((factor) => api<CallResult<N>>(route.method, path, factor ? { ...body, ...factor } : body, init));
}

/** What an upload is for (an image's use, or `attachment`), the file, and the optional fields of the multipart body. */
export interface UploadInput {
  kind: UploadFields['type'];
  file: Blob;
  teamId?: string;
  /** A video attachment's size as the browser read it (reserves its preview's space). */
  width?: number;
  height?: number;
}

export interface UploadInit {
  signal?: AbortSignal;
  /** How much of the file has gone out, 0 … 1 (as the browser reports it while sending). */
  onProgress?: (fraction: number) => void;
}

/**
 * Upload a file (`POST /api/v1/upload`, multipart: `type`, the optional `teamId`, `width` and
 * `height`, then the file as `image`). The server checks the content (an image is re-encoded) and
 * answers with its `url`, and an attachment's `attachment`. Sent with XMLHttpRequest, the one
 * browser API that reports an upload's progress (`onProgress`); same headers, answers and errors
 * as `call` (a 413 or 415 carries the server's text, an abort rejects with an AbortError).
 */
export function uploadFile(input: UploadInput, init: UploadInit = {}): Promise<UploadResponse> {
  const form = new FormData();
  form.append('type', input.kind);
  if (input.teamId) form.append('teamId', input.teamId);
  if (input.width && input.height) {
    form.append('width', String(input.width));
    form.append('height', String(input.height));
  }
  form.append('image', input.file, input.file instanceof File ? input.file.name : 'image');
  const { signal, onProgress } = init;
  return new Promise<UploadResponse>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(ROUTES.upload.method, ROUTES.upload.paths[0]);
    for (const [name, value] of Object.entries(commonHeaders())) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      };
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', abort);
      done();
    };
    xhr.onload = () =>
      settle(() => {
        try {
          resolve(readAnswer<UploadResponse>(xhr.status, xhr.responseText, xhr.getResponseHeader('retry-after')));
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    xhr.onerror = () => settle(() => reject(networkError()));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(() => reject(new DOMException('The upload was aborted', 'AbortError')));
    xhr.send(form);
  });
}
