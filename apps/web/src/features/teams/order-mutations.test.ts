// @vitest-environment node
import type { Channel } from '@rally/shared/api/teams';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import type { TeamChannelsData } from './channel-queries';
import { moveChannelOptions, reorderCategoriesOptions, reorderChannelsOptions } from './mutations';
import { category, channel } from './testing';

/**
 * The optimistic order hooks of mutations.ts, through a MutationObserver on their options (what
 * useMutation runs): the cache takes the new places before the server answers, the old ones come
 * back when it refuses, and its answer is written when it accepts. The server is a stubbed fetch
 * that records the requests and answers what each test says.
 */
describe('channel and category order mutations', () => {
  let qc: QueryClient;
  let requests: { method: string; url: string; body: unknown }[];
  /** What the stubbed server answers next: a status and a JSON body; it waits for `release` when one is given. */
  let answer: { status: number; body: unknown; release?: Promise<void> };

  beforeEach(() => {
    qc = new QueryClient();
    requests = [];
    answer = { status: 200, body: {} };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const { status, body, release } = answer;
      await release;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    // Team 1: categories 30 (0) and 31 (1); #20 and #21 in 30, #22 uncategorised.
    qc.setQueryData<TeamChannelsData>(queryKeys.teamChannels('1'), {
      channels: [
        channel('20', '1', { parentId: '30', priority: 0 }),
        channel('21', '1', { parentId: '30', priority: 1 }),
        channel('22', '1', { parentId: null, priority: 0 }),
      ],
      categories: [category('30', '1', { priority: 0 }), category('31', '1', { priority: 1 })],
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const cached = () => qc.getQueryData<TeamChannelsData>(queryKeys.teamChannels('1'))!;
  const places = () => cached().channels.map((c) => [c.id, c.parentId, c.priority]);
  const categoryPlaces = () => cached().categories.map((c) => [c.id, c.priority]);
  /** A gate the stubbed server waits on, to look at the cache while the request is in flight. */
  const gate = () => {
    let open = () => {};
    const release = new Promise<void>((resolve) => (open = resolve));
    return { release, open };
  };
  const refusal = { status: 400, body: { success: false, message: 'The order may only name channels of this team', code: 'channel_order_invalid' } };

  it('useReorderCategories: the new order at once, the server’s answer after; the old order back on a refusal', async () => {
    const { release, open } = gate();
    answer = { status: 200, body: { success: true, categories: [category('31', '1', { priority: 0 }), category('30', '1', { priority: 1 })] }, release };
    const observer = new MutationObserver(qc, reorderCategoriesOptions(qc, '1'));
    const done = observer.mutate(['31', '30']);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(categoryPlaces()).toEqual([
      ['30', 1],
      ['31', 0],
    ]);
    expect(requests[0]).toEqual({ method: 'POST', url: '/api/v1/teams/1/categories-priority', body: { categories: ['31', '30'] } });
    open();
    await done;

    answer = { status: 400, body: { ...refusal.body, code: 'category_order_invalid' } };
    await expect(observer.mutate(['30', '31'])).rejects.toMatchObject({ status: 400, code: 'category_order_invalid' });
    expect(categoryPlaces()).toEqual([
      ['30', 1],
      ['31', 0],
    ]);
  });

  it('useReorderChannels: a category’s channels through channels-priority, the uncategorised ones through channelspriority; reverted on a refusal', async () => {
    const { release, open } = gate();
    answer = {
      status: 200,
      body: { success: true, channels: [channel('21', '1', { parentId: '30', priority: 0 }), channel('20', '1', { parentId: '30', priority: 1 })] },
      release,
    };
    const observer = new MutationObserver(qc, reorderChannelsOptions(qc, '1'));
    const done = observer.mutate({
      categoryId: '30',
      channels: [
        { id: '21', priority: 0 },
        { id: '20', priority: 1 },
      ],
    });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(places()).toEqual([
      ['20', '30', 1],
      ['21', '30', 0],
      ['22', null, 0],
    ]);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/v1/teams/1/categories/30/channels-priority' });
    open();
    await done;

    answer = refusal;
    await expect(observer.mutate({ categoryId: null, channels: [{ id: '22', priority: 7 }] })).rejects.toMatchObject({ code: 'channel_order_invalid' });
    expect(requests[1]).toEqual({ method: 'PUT', url: '/api/v1/teams/1/channelspriority', body: { channels: [{ id: '22', priority: 7 }] } });
    expect(places()).toEqual([
      ['20', '30', 1],
      ['21', '30', 0],
      ['22', null, 0],
    ]);
  });

  it('useMoveChannel: into a category (after its channels, or at a place), out of the one it was in, back where it was on a refusal', async () => {
    const moved = (fields: Partial<Channel>) => ({ success: true, channel: channel('21', '1', fields) });
    const observer = new MutationObserver(qc, moveChannelOptions(qc, '1'));

    const { release, open } = gate();
    answer = { status: 200, body: moved({ parentId: '31', priority: 0 }), release };
    const into = observer.mutate({ channelId: '21', categoryId: '31' });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(places()).toContainEqual(['21', '31', 0]);
    expect(requests[0]).toEqual({ method: 'POST', url: '/api/v1/teams/1/categories/31/channels/21', body: {} });
    open();
    await into;

    // Out of its category (31, where the move above put it): the DELETE names that one.
    answer = { status: 200, body: moved({ parentId: null, priority: 1 }) };
    await observer.mutate({ channelId: '21', categoryId: null });
    expect(requests[1]).toEqual({ method: 'DELETE', url: '/api/v1/teams/1/categories/31/channels/21', body: {} });
    expect(places()).toContainEqual(['21', null, 1]);

    // Refused: back where it was.
    answer = { ...refusal, body: { ...refusal.body, code: 'category_not_found' }, status: 404 };
    await expect(observer.mutate({ channelId: '21', categoryId: '30', priority: 5 })).rejects.toMatchObject({ status: 404 });
    expect(requests[2]).toEqual({ method: 'POST', url: '/api/v1/teams/1/categories/30/channels/21', body: { priority: 5 } });
    expect(places()).toContainEqual(['21', null, 1]);

    // Already uncategorised, with a place: only its priority.
    answer = { status: 200, body: { success: true, channels: [channel('22', '1'), channel('21', '1', { priority: 4 })] } };
    await observer.mutate({ channelId: '21', categoryId: null, priority: 4 });
    expect(requests[3]).toEqual({ method: 'PUT', url: '/api/v1/teams/1/channelspriority', body: { channels: [{ id: '21', priority: 4 }] } });
    expect(places()).toContainEqual(['21', null, 4]);
  });
});
