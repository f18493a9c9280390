import type { ErrorResponse } from '@rally/shared/api/common';
import { CSRF_HEADER } from '@rally/shared/api/headers';
import i18n from 'i18next';

/** A failed API call: the server's message (already in the user's language), its code and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Call the API: same origin, session cookie, CSRF header on every call, the UI language for server
 * messages. Resolves with the JSON body; rejects with ApiError (network failures included).
 */
export async function api<T>(method: Method, path: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal: init.signal,
      headers: {
        [CSRF_HEADER]: '1',
        'accept-language': i18n.language || 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, i18n.t('errors:network', { defaultValue: 'Network error. Please try again.' }), 'network');
  }
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const err = data as Partial<ErrorResponse> | undefined;
    throw new ApiError(response.status, err?.message ?? i18n.t('errors:internal'), err?.code, err?.errors ?? {});
  }
  return data as T;
}

export const get = <T>(path: string, init?: { signal?: AbortSignal }) => api<T>('GET', path, undefined, init);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
