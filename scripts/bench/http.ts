/** The HTTP API as the bench uses it: JSON bodies, the CSRF header and a session cookie. */

export class Api {
  constructor(readonly baseUrl: string) {}

  async call<T>(method: string, path: string, cookie: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'x-rally-request': '1',
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
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

  async send(cookie: string, channelId: string, content: string, nonce: string): Promise<void> {
    await this.call('POST', `/api/v1/channels/${channelId}/messages`, cookie, { content, nonce });
  }

  async history(cookie: string, channelId: string, limit: number): Promise<{ messages: unknown[] }> {
    return this.call('GET', `/api/v1/channels/${channelId}/messages?limit=${limit}`, cookie);
  }
}
