import {
  backupListSchema,
  backupNameParamsSchema,
  backupRequestedSchema,
} from '#shared/backups.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { listBackups, openBackupDownload, requestBackup } from './backups.service.ts';

/** The scheduled backups in BACKUP_DIR: owners only, like the rest of the data itself. */
export async function backupRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const config = app.config.backups;
  await adminScope(app, 'owner', (scoped) => {
    scoped.get(
      '/api/admin/backups',
      { schema: { response: { 200: backupListSchema, ...errorResponses(401) } } },
      () => listBackups(db, config),
    );

    scoped.post(
      '/api/admin/backups',
      {
        schema: {
          response: {
            202: backupRequestedSchema,
            ...errorResponses(...stateChangeErrors, 401, 409),
          },
        },
      },
      async (request, reply) => {
        await db.transaction(async (tx) => {
          await requestBackup(tx, config);
          await recordAudit(tx, {
            adminId: request.admin.id,
            actor: request.admin.email,
            action: 'backup.request',
            entityType: 'database',
            ip: request.ip,
          });
        });
        return reply.status(202).send({ queued: true });
      },
    );

    scoped.get(
      '/api/admin/backups/:name',
      {
        schema: {
          params: backupNameParamsSchema,
          response: {
            200: {
              content: {
                'application/gzip': { schema: downloadSchema },
                'application/octet-stream': { schema: downloadSchema },
              },
            },
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const backup = await openBackupDownload(config, request.params.name);
        await recordAudit(db, {
          adminId: request.admin.id,
          actor: request.admin.email,
          action: 'backup.download',
          entityType: 'database',
          entityId: backup.name,
          ip: request.ip,
        });
        return reply
          .headers({
            'cache-control': 'private, no-store',
            'content-length': backup.bytes,
            'content-disposition': attachmentDisposition(backup.name),
          })
          .type(backup.contentType)
          .send(backup.open());
      },
    );
  });
}
