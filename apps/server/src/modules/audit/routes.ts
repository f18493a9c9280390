import type { FastifyInstance } from 'fastify';
import { listAuditLogsEndpoint } from '@rally/shared/api/moderation';
import { addEndpoint } from '../../http/endpoint';
import { listAuditLogs } from './service';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  addEndpoint(app, listAuditLogsEndpoint, async ({ deps, access, query }) => ({ success: true as const, ...(await listAuditLogs(deps.db, access, query)) }));
}
