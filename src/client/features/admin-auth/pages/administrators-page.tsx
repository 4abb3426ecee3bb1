import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminInviteSchema,
  adminPermissionLabels,
  adminPermissions,
  type AdminInviteInput,
  type Administrator,
  type AdminInvitation,
  type AdminRole,
} from '#shared/admin.schemas.ts';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAdminStatus } from '../../../lib/current-admin.ts';
import { useAdministrators } from '../api/get-administrators.ts';
import { useInviteAdministrator } from '../api/invite-administrator.ts';
import { useResetAdministratorTwoFactor } from '../api/reset-administrator-two-factor.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { useUpdateAdministrator } from '../api/update-administrator.ts';
import { useShownChoice } from '../../../lib/use-shown-choice.ts';

const roleLabels: Record<AdminRole, string> = { owner: 'Owner', staff: 'Staff' };

/** What the administrator may do beyond their role's work, in words. */
const permissionWords = (person: Administrator) =>
  person.role === 'owner'
    ? 'Everything'
    : person.permissions.map((p) => adminPermissionLabels[p]).join('; ') || 'None';

const refused = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

function InviteForm() {
  const form = useForm<AdminInviteInput>({
    resolver: zodResolver(adminInviteSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const invite = useInviteAdministrator({
    onSuccess: (invitation) => {
      toast({
        title: 'Invitation sent',
        description: `We mailed ${invitation.email} a link to join as ${roleLabels[invitation.role].toLowerCase()}. It works once, for 7 days.`,
        variant: 'success',
      });
      form.reset();
    },
    onError: (error) => form.setError('email', { message: error.message }),
  });
  const { errors } = form.formState;
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">Invite an administrator</h2>
      <p className="mt-1 text-sm text-muted">
        Staff handle orders, support tickets, website projects and domains. Owners also manage
        administrators, refunds, the catalogue, profit figures and the database.
      </p>
      <form
        noValidate
        onSubmit={form.handleSubmit((input) => invite.mutate(input))}
        className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
      >
        <FormField
          id="invite-email"
          label="E-mail"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="invite-role">Role</Label>
          <Select id="invite-role" {...form.register('role')}>
            <option value="staff">Staff</option>
            <option value="owner">Owner</option>
          </Select>
        </div>
        <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
    </Card>
  );
}

function AdministratorRow({ person, isYou }: { person: Administrator; isYou: boolean }) {
  const update = useUpdateAdministrator({
    onSuccess: (changed, variables) =>
      toast({
        title: 'Administrator updated',
        description:
          variables.permissions !== undefined
            ? `${changed.name}’s permissions: ${permissionWords(changed)}.`
            : variables.role !== undefined
              ? `${changed.name} is now ${roleLabels[changed.role].toLowerCase()}.`
              : changed.disabled
                ? `${changed.name} is disabled and signed out everywhere.`
                : `${changed.name} can sign in again.`,
        variant: 'success',
      }),
    onError: refused('Not changed'),
  });
  const reset = useResetAdministratorTwoFactor({
    onSuccess: () =>
      toast({
        title: 'Second factor reset',
        description: `${person.name} is signed out and sets up an authenticator app at the next sign-in.`,
        variant: 'success',
      }),
    onError: refused('Not reset'),
  });
  const busy = update.isPending || reset.isPending;
  const permissions = useShownChoice(person.permissions);
  return (
    <li className="grid gap-3 border-b border-line py-4 last:border-b-0 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.2fr)] md:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {person.name}
          {isYou && <span className="ml-2 text-sm font-normal text-muted">(you)</span>}
        </p>
        <p className="text-sm [overflow-wrap:anywhere] text-muted">{person.email}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted">Role</dt>
        <dd>{roleLabels[person.role]}</dd>
        <dt className="text-muted">Permissions</dt>
        <dd>{permissionWords(person)}</dd>
        <dt className="text-muted">Two-factor</dt>
        <dd>{person.twoFactorEnabled ? 'On' : 'Not set up'}</dd>
        <dt className="text-muted">Status</dt>
        <dd className={person.disabled ? 'font-semibold text-red-700' : undefined}>
          {person.disabled ? 'Disabled' : 'Active'}
        </dd>
        <dt className="text-muted">Last sign-in</dt>
        <dd>{person.lastLoginAt ? formatDateTime(person.lastLoginAt) : 'Never'}</dd>
      </dl>
      {isYou ? (
        <p className="text-sm text-muted">
          Your own role and account are changed by another owner.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={`role-${person.id}`} className="sr-only">
            Role of {person.name}
          </Label>
          <Select
            id={`role-${person.id}`}
            className="h-9 w-auto"
            value={person.role}
            disabled={busy}
            onChange={(event) =>
              update.mutate({ id: person.id, role: event.target.value as AdminRole })
            }
          >
            <option value="staff">Staff</option>
            <option value="owner">Owner</option>
          </Select>
          {person.role === 'staff' &&
            adminPermissions.map((permission) => (
              <label key={permission} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  // While the change is on its way the box shows what was asked for.
                  checked={permissions.value.includes(permission)}
                  disabled={busy}
                  onChange={(event) => {
                    const asked = event.target.checked
                      ? [...person.permissions, permission]
                      : person.permissions.filter((p) => p !== permission);
                    permissions.show(asked);
                    update.mutate(
                      { id: person.id, permissions: asked },
                      { onSettled: permissions.settle },
                    );
                  }}
                />
                <span>
                  {adminPermissionLabels[permission]}
                  <span className="sr-only"> ({person.name})</span>
                </span>
              </label>
            ))}
          {person.disabled ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => update.mutate({ id: person.id, disabled: false })}
            >
              Enable
            </Button>
          ) : (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" disabled={busy}>
                  Disable
                </Button>
              }
              title={`Disable ${person.name}?`}
              confirmLabel="Disable"
              pending={busy}
              onConfirm={() => update.mutate({ id: person.id, disabled: true })}
            >
              They are signed out at once and cannot sign in until an owner enables the account
              again. Their work and the audit log stay as they are.
            </ConfirmDialog>
          )}
          {person.twoFactorEnabled && (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" disabled={busy}>
                  Reset two-factor
                </Button>
              }
              title={`Reset ${person.name}’s second factor?`}
              confirmLabel="Reset two-factor"
              pending={busy}
              onConfirm={() => reset.mutate(person.id)}
            >
              Do this when they lost their phone: their authenticator and recovery codes stop
              working, they are signed out, and they set up a new app at the next sign-in.
            </ConfirmDialog>
          )}
        </div>
      )}
    </li>
  );
}

function Invitations({ invitations }: { invitations: AdminInvitation[] }) {
  const revoke = useRevokeInvitation({
    onSuccess: () => toast({ title: 'Invitation withdrawn', variant: 'success' }),
    onError: refused('Not withdrawn'),
  });
  if (invitations.length === 0) return null;
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">Open invitations</h2>
      <ul aria-label="Open invitations" className="mt-2">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-3 border-b border-line py-3 last:border-b-0"
          >
            <div className="min-w-0">
              <p className="[overflow-wrap:anywhere] text-ink">{invitation.email}</p>
              <p className="text-sm text-muted">
                {roleLabels[invitation.role]} · link valid until {formatDate(invitation.expiresAt)}
              </p>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(invitation.id)}
            >
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /admin/administrators (owners): who can use the back office, in which role, and how safely. */
export function AdministratorsPage() {
  const list = useAdministrators();
  const { admin } = useAdminStatus();
  return (
    <div className="grid gap-6">
      <InviteForm />
      <QueryState query={list} label="administrators">
        {({ administrators, invitations }) => (
          <>
            <Invitations invitations={invitations} />
            <Card>
              <h2 className="text-lg font-bold text-ink">Administrators</h2>
              <ul aria-label="Administrators">
                {administrators.map((person) => (
                  <AdministratorRow
                    key={person.id}
                    person={person}
                    isYou={person.id === admin?.id}
                  />
                ))}
              </ul>
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
