import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONNECTION_PROVIDERS, type ConnectionProvider } from '@rally/shared/api/connections';
import { notFound } from '../../lib/errors';
import { escapeHtml } from '../mail/html';
import { param, STAND_IN_BASE, STAND_IN_NAME, standInServed, type StandInServer } from './stand-in';

const PROVIDER_NAMES: Record<ConnectionProvider, string> = { kick: 'Kick', twitch: 'Twitch' };
/** The fields of the authorisation request that the consent form carries back. */
const CARRIED = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;
const FORM_LIMIT = 8 * 1024;

const STYLES = `
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#17181c;color:#e9eaee;font:16px/1.5 system-ui,sans-serif}
main{width:min(26rem,calc(100vw - 2rem));background:#23252b;border:1px solid #34363d;border-radius:12px;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.5rem 0;color:#b7b9c1}.note{font-size:.875rem}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.5rem .75rem;border-radius:8px;border:1px solid #4a4d57;background:#17181c;color:inherit;font:inherit}
.error{color:#ff9b9b}.actions{display:flex;gap:.75rem;margin-top:1.25rem}
button{flex:1;padding:.6rem 1rem;border-radius:8px;border:1px solid #4a4d57;background:#2f3138;color:inherit;font:inherit;font-weight:600;cursor:pointer}
button.allow{background:#2f5fe0;border-color:#2f5fe0;color:#fff}button:focus-visible,input:focus-visible{outline:2px solid #8fb0ff;outline-offset:2px}
`;

/** A plain page (no script, no inline style: the CSP applies here too). */
function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${STAND_IN_BASE}/stand-in.css"></head>`,
    `<body><main>${body}</main></body></html>`,
  ].join('\n');
}

function consentPage(provider: ConnectionProvider, request: Record<string, unknown>, name: string, error: string | null): string {
  const label = PROVIDER_NAMES[provider];
  const hidden = CARRIED.map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(param(request[key]) ?? '')}">`).join('');
  const scope = param(request.scope);
  return page(
    `${label} (Rally stand-in) — authorize`,
    [
      `<h1>Connect your ${label} test account</h1>`,
      `<p>Rally asks to know who you are on ${label}${scope ? ` (scope <code>${escapeHtml(scope)}</code>)` : ''}.</p>`,
      `<p class="note">This is Rally's built-in stand-in for ${label}: this server has no ${label} client id configured, so no real ${label} account is used.</p>`,
      `<form method="post" action="${STAND_IN_BASE}/${provider}/authorize">${hidden}`,
      `<label for="name">Connect your ${label} test account as</label>`,
      `<input id="name" name="name" value="${escapeHtml(name)}" required minlength="3" maxlength="25" pattern="\\w{3,25}" autocomplete="off" aria-describedby="name-help${error ? ' name-error' : ''}"${error ? ' aria-invalid="true"' : ''}>`,
      `<p id="name-help" class="note">3 to 25 letters, digits or underscores.</p>`,
      error ? `<p id="name-error" class="error" role="alert">${escapeHtml(error)}</p>` : '',
      '<div class="actions"><button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>',
      '<button type="submit" name="decision" value="allow" class="allow">Authorize</button></div>',
      '</form>',
    ].join('\n'),
  );
}

const errorPage = (reason: string) => page('Rally stand-in — invalid request', `<h1>Invalid authorization request</h1><p>${escapeHtml(reason)}</p>`);

/** The browser goes back to Rally's callback page with these parameters (RFC 6749 §4.1.2). */
function backToClient(reply: FastifyReply, redirectUri: string, params: Record<string, string>): FastifyReply {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return reply.redirect(url.href, 302);
}

/**
 * The stand-in's HTTP side (stand-in.ts): the consent page (GET authorize), the decision (POST
 * authorize, a form), the token endpoint (POST token, a form) and the user endpoint (GET user).
 * Only for the providers without a client id, and only to the visitors standInServed allows.
 */
export function standInRoutes(app: FastifyInstance, standIn: StandInServer, usesStandIn: (provider: ConnectionProvider) => boolean): void {
  const providerOf = (request: FastifyRequest): ConnectionProvider => {
    const provider = (request.params as { provider: string }).provider;
    const known = CONNECTION_PROVIDERS.find((p) => p === provider);
    if (!known || !usesStandIn(known) || !standInServed(app.config, request)) throw notFound();
    return known;
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(`${STAND_IN_BASE}/stand-in.css`, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(STYLES));

  app.get(`${STAND_IN_BASE}/:provider/authorize`, async (request, reply) => {
    const provider = providerOf(request);
    const query = request.query as Record<string, unknown>;
    const problem = standIn.checkAuthorizeRequest(provider, query);
    if (problem) return html(reply, 400, errorPage(problem));
    return html(reply, 200, consentPage(provider, query, `${provider}_tester`, null));
  });

  app.post(`${STAND_IN_BASE}/:provider/authorize`, { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const provider = providerOf(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const problem = standIn.checkAuthorizeRequest(provider, form);
    if (problem) return html(reply, 400, errorPage(problem));
    const redirect = form.redirect_uri as string;
    const state = form.state as string;
    if (param(form.decision) !== 'allow') return backToClient(reply, redirect, { error: 'access_denied', state });
    const name = param(form.name, 64)?.trim() ?? '';
    if (!STAND_IN_NAME.test(name)) return html(reply, 400, consentPage(provider, form, name, 'The name must be 3 to 25 letters, digits or underscores.'));
    const code = standIn.issueCode(provider, { redirect_uri: redirect, code_challenge: form.code_challenge as string }, name);
    return backToClient(reply, redirect, { code, state });
  });

  app.post(`${STAND_IN_BASE}/:provider/token`, { bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const result = standIn.redeem(providerOf(request), (request.body ?? {}) as Record<string, unknown>);
    return reply
      .code(result.ok ? 200 : result.status)
      .header('cache-control', 'no-store')
      .send(result.body);
  });

  app.get(`${STAND_IN_BASE}/:provider/user`, async (request, reply) => {
    const user = standIn.user(providerOf(request), request.headers);
    if (!user) return reply.code(401).send({ error: 'invalid_token' });
    return user;
  });
}
