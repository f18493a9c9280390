import { describe, expect, it } from 'vitest';
import type { Message } from '@rally/shared/api/messages';
import { MemoryBus } from '../bus/memory-bus';
import type { BusMessage } from '../bus/types';
import { call, withTestApp } from '../../test/helpers/app';
import { makeMember, makeTeam, makeUser, type TestUser } from '../../test/helpers/factories';
import { connectTo, readyClient, until } from './testing';

/** The in-process bus, but unreachable while `down` (as Redis can be): every publish then fails. */
class UnreachableBus extends MemoryBus {
  down = false;
  failures = 0;

  override async publish(message: BusMessage): Promise<void> {
    if (this.down) {
      this.failures++;
      throw new Error('bus unreachable');
    }
    return super.publish(message);
  }
}

/**
 * What a client sees when an event is lost: its publish failed after the write had committed
 * (docs/gateway-protocol.md, "A lost event").
 */
describe('a lost event', () => {
  let bus: UnreachableBus;
  const ctx = withTestApp({ GATEWAY_RESUME_WAIT_MS: 1_000 }, { listen: true, bus: () => (bus = new UnreachableBus()) });

  const ready = (user: TestUser) => readyClient(ctx, user);

  it('answers the write, then ends every session it was for with INVALID_SESSION, live or resuming; other sessions go on', async () => {
    const owner = await makeUser(ctx.app, 'owner');
    const member = await makeUser(ctx.app, 'member');
    const away = await makeUser(ctx.app, 'away');
    const elsewhere = await makeUser(ctx.app, 'elsewhere');
    const team = await makeTeam(ctx, owner, { members: [member, away] });
    await makeTeam(ctx, elsewhere, { name: 'Other' });

    const live = (await ready(member)).client;
    const other = (await ready(elsewhere)).client;
    const dropped = await ready(away);
    const before = ctx.app.gateway.connectionCount();
    dropped.client.drop();
    await until(() => ctx.app.gateway.connectionCount() < before, 'the server to see the drop');

    bus.down = true;
    const sent = await call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: owner.cookie, body: { content: 'lost on the way' } });
    // The message is stored, so the request succeeds although its event never went out.
    expect(sent.statusCode).toBe(201);
    const history = await call(ctx.app, 'GET', `/api/v1/channels/${team.generalId}/messages`, { cookie: owner.cookie });
    expect(history.json().messages.map((m: Message) => m.content)).toContain('lost on the way');
    // The bus keeps trying to publish the gap while it is unreachable.
    await until(() => bus.failures >= 2, 'a retry of the gap');
    expect(ctx.events.ofType('MESSAGE_SEND')).toEqual([]);

    bus.down = false;
    await until(() => ctx.events.gaps.length > 0, 'the gap to be published');
    expect(ctx.events.gaps).toEqual([{ gap: { audience: { kind: 'channel', channelId: team.generalId }, type: 'MESSAGE_SEND' } }]);

    // A live session of the channel starts over: INVALID_SESSION, the socket closes (1000), a new one gets READY.
    expect(await live.next()).toEqual({ type: 'INVALID_SESSION', data: { resumable: false }, seq: 0 });
    expect((await live.closed).code).toBe(1000);
    await ready(member);

    // A session dropped before the loss cannot resume past it.
    const resuming = connectTo(ctx, { cookie: away.cookie });
    await resuming.opened;
    resuming.send({ type: 'RESUME', data: { sessionId: dropped.sessionId, seq: 0 } });
    expect((await resuming.next()).type).toBe('INVALID_SESSION');

    // A session the event was not for goes on.
    other.send({ type: 'HEARTBEAT', data: {} });
    expect((await other.next()).type).toBe('HEARTBEAT_ACK');
  });

  it('merges the gaps of one audience, and resumes sessions the lost events were not for', async () => {
    const owner = await makeUser(ctx.app, 'owner2');
    const team = await makeTeam(ctx, owner);
    const bystander = await makeUser(ctx.app, 'bystander');
    await makeMember(ctx, (await makeTeam(ctx, bystander, { name: 'Apart' })).teamId, owner);
    const dropped = await ready(bystander);
    const before = ctx.app.gateway.connectionCount();
    dropped.client.drop();
    await until(() => ctx.app.gateway.connectionCount() < before, 'the server to see the drop');
    const gapsBefore = ctx.events.gaps.length;

    bus.down = true;
    for (const content of ['one', 'two']) {
      const res = await call(ctx.app, 'POST', `/api/v1/channels/${team.generalId}/messages`, { cookie: owner.cookie, body: { content } });
      expect(res.statusCode).toBe(201);
    }
    bus.down = false;
    await until(() => ctx.events.gaps.length > gapsBefore, 'the gap to be published');
    expect(ctx.events.gaps.slice(gapsBefore)).toHaveLength(1);

    const again = connectTo(ctx, { cookie: bystander.cookie });
    await again.opened;
    again.send({ type: 'RESUME', data: { sessionId: dropped.sessionId, seq: 0 } });
    expect(await again.next()).toEqual({ type: 'RESUMED', data: { replayed: 0 }, seq: 0 });
  });
});
