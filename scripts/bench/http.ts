/** The HTTP API as the bench uses it: JSON bodies, the CSRF header and a session cookie. */

export class Api {
  constructor(readonly baseUrl: string) {}

  /** One request; the status and body text whatever the status (network errors and timeouts throw). */
  async request(method: string, path: string, cookie: string, body?: unknown, signal?: AbortSignal): Promise<{ status: number; text: string }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'x-rally-request': '1',
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { status: response.status, text: await response.text() };
  }

  async call<T>(method: string, path: string, cookie: string, body?: unknown): Promise<T> {
    const { status, text } = await this.request(method, path, cookie, body);
    if (status < 200 || status > 299) throw new Error(`${method} ${path}: HTTP ${status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  async createTeam(cookie: string, name: string): Promise<{ id: string }> {
    const body = await this.call<{ createdTeam: { id: string } }>('POST', '/api/v1/teams', cookie, { name });
    return body.createdTeam;
  }

  async createInvite(cookie: string, teamId: string): Promise<string> {
    const body = await this.call<{ invite: { code: string } }>('POST', '/api/v1/teams/invite', cookie, { teamId });
    return body.invite.code;
  }

  async join(cookie: string, code: string): Promise<void> {
    await this.call('POST', `/api/v1/invites/${code}/join`, cookie);
  }

  async channels(cookie: string, teamId: string): Promise<{ id: string; name: string; type: string }[]> {
    const body = await this.call<{ channels: { id: string; name: string; type: string }[] }>('GET', `/api/v1/teams/${teamId}/channels`, cookie);
    return body.channels;
  }

  /** Send a message; its id. */
  async send(cookie: string, channelId: string, content: string, nonce: string): Promise<string> {
    const body = await this.call<{ message: { id: string } }>('POST', `/api/v1/channels/${channelId}/messages`, cookie, { content, nonce });
    return body.message.id;
  }

  async react(cookie: string, channelId: string, messageId: string, emoji: string): Promise<void> {
    await this.call('POST', `/api/v1/channels/${channelId}/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`, cookie);
  }

  async history(cookie: string, channelId: string, limit: number): Promise<{ messages: unknown[] }> {
    return this.call('GET', `/api/v1/channels/${channelId}/messages?limit=${limit}`, cookie);
  }

  /** Upload a file as a message attachment (POST /api/v1/upload, multipart); its id and URL. */
  async attach(cookie: string, bytes: Uint8Array, filename: string, contentType: string): Promise<{ id: string; url: string }> {
    const form = new FormData();
    form.append('type', 'attachment');
    form.append('image', new Blob([bytes], { type: contentType }), filename);
    const response = await fetch(`${this.baseUrl}/api/v1/upload`, { method: 'POST', headers: { 'x-rally-request': '1', cookie }, body: form });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST /api/v1/upload: HTTP ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as { id: string; url: string };
  }
}

/** A short name for a failed fetch: "timeout", or the network error's code ("ECONNRESET", …). */
export function networkErrorName(err: unknown): string {
  if (!(err instanceof Error)) return String(err).slice(0, 40);
  if (err.name === 'TimeoutError') return 'timeout';
  if (err.name === 'AbortError') return 'aborted';
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message?.slice(0, 40) ?? err.message.slice(0, 40);
}
