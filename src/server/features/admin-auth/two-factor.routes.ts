import {
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '#shared/admin.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { confirmTwoFactor, startTwoFactorSetup, twoFactorStatus } from './two-factor.service.ts';

/**
 * An administrator's own second factor (RFC 6238): open to any signed-in administrator, even
 * one that ADMIN_REQUIRE_2FA holds back from everything else until this is done.
 */
export async function twoFactorRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await adminScope(app, 'enrolment', (scoped) => {
    scoped.get(
      '/api/admin/two-factor',
      { schema: { response: { 200: twoFactorStatusSchema, ...errorResponses(401) } } },
      (request) => twoFactorStatus(db, request.admin.id, app.config.adminRequire2fa),
    );

    scoped.post(
      '/api/admin/two-factor/setup',
      {
        schema: {
          response: {
            200: twoFactorSetupSchema,
            ...errorResponses(...stateChangeErrors, 401, 409),
          },
        },
      },
      (request) =>
        startTwoFactorSetup(
          db,
          app.secretBox,
          request.admin,
          `${app.config.site.siteName} back office`,
        ),
    );

    scoped.post(
      '/api/admin/two-factor/confirm',
      {
        schema: {
          body: twoFactorCodeSchema,
          response: { 200: recoveryCodesSchema, ...errorResponses(...stateChangeErrors, 401, 409) },
        },
      },
      (request) =>
        confirmTwoFactor(db, app.secretBox, request.admin, request.body.code, {
          adminId: request.admin.id,
          actor: request.admin.email,
          ip: request.ip,
        }),
    );
  });
}
