import type { FastifyInstance } from 'fastify';
import {
  addChannelToCategoryEndpoint,
  cloneChannelEndpoint,
  createCategoryEndpoint,
  createChannelEndpoint,
  deleteCategoryEndpoint,
  deleteChannelEndpoint,
  removeChannelFromCategoryEndpoint,
  reorderCategoriesEndpoint,
  reorderCategoryChannelsEndpoint,
  reorderUncategorisedChannelsEndpoint,
  setCategoryOverwriteEndpoint,
  setChannelOverwriteEndpoint,
  updateCategoryEndpoint,
  updateChannelEndpoint,
} from '@rally/shared/api/channels';
import { addEndpoint } from '../../http/endpoint';
import { toCategory, toChannel } from '../teams/mappers';
import { moveChannel, reorderCategories, reorderChannels } from './order-service';
import { cloneChannel, createCategory, createChannel, deleteChannel, setOverwrite, updateChannel } from './service';

const done = { success: true as const };

export async function channelRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, createChannelEndpoint, async ({ deps, access, body }) => ({
    success: true as const,
    channel: toChannel(await createChannel(deps, access, body)),
  }));

  addEndpoint(app, updateChannelEndpoint, async ({ deps, access, channel, body }) => ({
    success: true as const,
    channel: toChannel(await updateChannel(deps, { access, channel }, body)),
  }));

  addEndpoint(app, deleteChannelEndpoint, async ({ deps, access, channel }) => {
    await deleteChannel({ ...deps, storage: app.storage }, { access, channel });
    return done;
  });

  addEndpoint(app, cloneChannelEndpoint, async ({ deps, access, params }) => ({
    success: true as const,
    channel: toChannel(await cloneChannel(deps, access, params.channelId)),
  }));

  addEndpoint(app, createCategoryEndpoint, async ({ deps, access, body }) => ({
    success: true as const,
    category: toCategory(await createCategory(deps, access, body.name)),
  }));

  addEndpoint(app, updateCategoryEndpoint, async ({ deps, access, channel, body }) => ({
    success: true as const,
    category: toCategory(await updateChannel(deps, { access, channel }, body)),
  }));

  addEndpoint(app, deleteCategoryEndpoint, async ({ deps, access, channel }) => {
    await deleteChannel({ ...deps, storage: app.storage }, { access, channel });
    return done;
  });

  addEndpoint(app, setChannelOverwriteEndpoint, async ({ deps, access, channel, params, body }) => ({
    success: true as const,
    channel: toChannel(await setOverwrite(deps, { access, channel }, { kind: params.targetKind, id: params.targetId }, body)),
  }));

  addEndpoint(app, setCategoryOverwriteEndpoint, async ({ deps, access, channel, params, body }) => ({
    success: true as const,
    category: toCategory(await setOverwrite(deps, { access, channel }, { kind: params.targetKind, id: params.targetId }, body)),
  }));

  addEndpoint(app, reorderCategoriesEndpoint, async ({ deps, access, body }) => ({
    success: true as const,
    categories: (await reorderCategories(deps, access, body.categories)).map(toCategory),
  }));

  addEndpoint(app, addChannelToCategoryEndpoint, async ({ deps, access, params, body }) => ({
    success: true as const,
    channel: toChannel(await moveChannel(deps, access, { channelId: params.channelId, into: params.categoryId, priority: body.priority })),
  }));

  addEndpoint(app, removeChannelFromCategoryEndpoint, async ({ deps, access, params, body }) => ({
    success: true as const,
    channel: toChannel(await moveChannel(deps, access, { channelId: params.channelId, outOf: params.categoryId, priority: body.priority })),
  }));

  addEndpoint(app, reorderCategoryChannelsEndpoint, async ({ deps, access, params, body }) => ({
    success: true as const,
    channels: (await reorderChannels(deps, access, params.categoryId, body.channels)).map(toChannel),
  }));

  addEndpoint(app, reorderUncategorisedChannelsEndpoint, async ({ deps, access, body }) => ({
    success: true as const,
    channels: (await reorderChannels(deps, access, null, body.channels)).map(toChannel),
  }));
}
