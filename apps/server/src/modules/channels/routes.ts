import type { FastifyInstance } from 'fastify';
import {
  cloneChannelEndpoint,
  createCategoryEndpoint,
  createChannelEndpoint,
  deleteCategoryEndpoint,
  deleteChannelEndpoint,
  setCategoryOverwriteEndpoint,
  setChannelOverwriteEndpoint,
  updateCategoryEndpoint,
  updateChannelEndpoint,
} from '@rally/shared/api/channels';
import { addEndpoint } from '../../http/endpoint';
import { toCategory, toChannel } from '../teams/mappers';
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
    await deleteChannel(deps, { access, channel });
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
    await deleteChannel(deps, { access, channel });
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
}
