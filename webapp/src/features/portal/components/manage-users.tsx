import { Alert, Badge, Button, Group, Modal, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Path } from 'react-hook-form';

import { isTRPCClientError, type FieldError } from '@/api/trpc-client';
import { ChoiceField } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { useSession } from '@/lib/auth/session-store';

import { useInviteStaffUser, type InviteStaffUserInput } from '../api/users-invite';
import { useStaffUsers, type StaffUser, type StaffUsersView } from '../api/users-list';
import { useResendInvite } from '../api/users-resend-invite';
import { useResetSecondFactor } from '../api/users-reset-second-factor';
import { useSetStaffActive } from '../api/users-set-active';
import { useSetStaffRole } from '../api/users-set-role';
import { useSetStaffTag } from '../api/users-set-tag';
import { errorMessage } from '@/lib/error-message';

// /portal/manage-users: every portal user with their role and state; an
// administrator (users.manage) invites users, changes a role, deactivates
// and reactivates, resets a second factor and sets a partner's or loan
// officer's tag. Every change is recorded in the audit log by the server.

type Roles = StaffUsersView['roles'];

/** The roles whose users usually carry a loanOfficerTag (the loans with the tag are theirs). */
const taggedRoles = new Set(['partner', 'loanOfficer']);

function fullName(u: StaffUser): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
}

function usersErrorMessage(err: unknown): string {
  return errorMessage(err, { fields: true, serverWords: ['FORBIDDEN', 'CONFLICT', 'NOT_FOUND', 'TOO_MANY_REQUESTS'] });
}

function roleChoices(roles: Roles) {
  return Object.entries(roles).map(([value, r]) => ({ value, label: r.label }));
}

type InviteValues = { firstName: string; lastName: string; email: string; role: string | null; loanOfficerTag: string };

const inviteFields = ['firstName', 'lastName', 'email', 'role', 'loanOfficerTag'] as const;

function inviteFieldOf(error: FieldError): Path<InviteValues> | null {
  const name = error.path.split(/[./]/).filter(Boolean).pop();
  return inviteFields.find((f) => f === name) ?? null;
}

function InviteForm({ roles }: { roles: Roles }) {
  const form = useSchemaForm('InviteStaffUserInput', {
    defaultValues: { firstName: '', lastName: '', email: '', role: null, loanOfficerTag: '' },
    toInput: (v: InviteValues) => ({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      role: v.role ?? '',
      ...(v.role && taggedRoles.has(v.role) && v.loanOfficerTag.trim() ? { loanOfficerTag: v.loanOfficerTag.trim() } : {}),
    }),
    // The role is a radio group: until one is chosen, say so rather than
    // the schema's words about a role's name.
    fields: ['firstName', 'lastName', 'email', 'loanOfficerTag'],
    required: { role: 'Choose a role.' },
  });
  const invite = useInviteStaffUser();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const role = form.watch('role');

  const submit = async (input: InviteStaffUserInput) => {
    setError(null);
    setSent(null);
    try {
      const user = await invite.mutateAsync(input);
      setSent(`Invitation sent to ${user.email}. The link works once, for 7 days.`);
      form.reset();
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      let first = true;
      for (const f of fields) {
        const name = inviteFieldOf(f);
        if (!name) continue;
        form.setError(name, { type: 'server', message: f.message }, { shouldFocus: first });
        first = false;
      }
      if (first) setError(usersErrorMessage(err));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} bg="white" component="section" aria-labelledby="invite-heading">
      <Stack gap="md">
        <Title order={2} fz="h3" id="invite-heading">
          Invite a user
        </Title>
        <Text fz="sm" c="dimmed">
          They get an e-mail with a link to choose their password and set up their authenticator app.
        </Text>
        <Form form={form} onSubmit={submit} aria-label="Invite a user">
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField name="firstName" label="First name" autoComplete="off" />
            <TextField name="lastName" label="Last name" autoComplete="off" />
          </SimpleGrid>
          <TextField name="email" label="Work e-mail address" type="email" autoComplete="off" inputMode="email" />
          <ChoiceField name="role" label="Role" choices={roleChoices(roles)} />
          {role && taggedRoles.has(role) ? (
            <TextField
              name="loanOfficerTag"
              label="Loan officer tag (optional)"
              description="Loans that carry this tag are theirs to see: the tag of their referral links."
              autoComplete="off"
            />
          ) : null}
          <div role="status" aria-live="polite">
            {sent ? (
              <Text fz="sm" c="harbor.9" fw={500}>
                {sent}
              </Text>
            ) : null}
          </div>
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Send invitation
            </Button>
          </Group>
        </Form>
      </Stack>
    </Paper>
  );
}

function StateBadges({ user }: { user: StaffUser }) {
  return (
    <Group gap={6}>
      {user.active ? (
        <Badge color="harbor" variant="light">
          Active
        </Badge>
      ) : (
        <Badge color="dark" variant="filled">
          Deactivated
        </Badge>
      )}
      {user.enrolment === 'invited' ? (
        <Badge variant="default">
          Invitation not accepted
        </Badge>
      ) : null}
      {user.enrolment === 'secondFactorReset' ? (
        <Badge variant="default">
          Authenticator reset
        </Badge>
      ) : null}
    </Group>
  );
}

type Dialog = { kind: 'role' | 'tag' | 'deactivate' | 'reset'; user: StaffUser } | null;

function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {usersErrorMessage(error)}
    </Alert>
  );
}

function RoleDialog({ user, roles, onClose }: { user: StaffUser; roles: Roles; onClose: () => void }) {
  const [role, setRole] = useState(user.role);
  const setStaffRole = useSetStaffRole({ onSuccess: onClose });
  return (
    <Stack gap="md">
      <ActionError error={setStaffRole.error} />
      <Radio.Group label={`Role of ${fullName(user)}`} value={role} onChange={setRole}>
        <Stack gap="sm" mt="xs">
          {roleChoices(roles).map((c) => (
            <Radio key={c.value} value={c.value} label={c.label} />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={setStaffRole.isPending}
          disabled={role === user.role}
          onClick={() => setStaffRole.mutate({ userId: user.id, role })}
        >
          Save role
        </Button>
      </Group>
    </Stack>
  );
}

function TagDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const [tag, setTag] = useState(user.loanOfficerTag);
  const setStaffTag = useSetStaffTag({ onSuccess: onClose });
  const fieldError = isTRPCClientError(setStaffTag.error) ? setStaffTag.error.fields.find((f) => f.path === 'loanOfficerTag') : undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setStaffTag.mutate({ userId: user.id, loanOfficerTag: tag.trim() });
      }}
    >
      <Stack gap="md">
        {fieldError ? null : <ActionError error={setStaffTag.error} />}
        <TextInput
          label="Loan officer tag"
          description="Loans that carry this tag are theirs to see. Leave it empty for none."
          value={tag}
          onChange={(e) => setTag(e.currentTarget.value)}
          error={fieldError?.message}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={setStaffTag.isPending}>
            Save tag
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmDialog({
  children,
  confirm,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  children: ReactNode;
  confirm: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Stack gap="md">
      <ActionError error={error} />
      {children}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" loading={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </Group>
    </Stack>
  );
}

function DeactivateDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const setActive = useSetStaffActive({ onSuccess: onClose });
  return (
    <ConfirmDialog
      confirm="Deactivate"
      pending={setActive.isPending}
      error={setActive.error}
      onConfirm={() => setActive.mutate({ userId: user.id, active: false })}
      onClose={onClose}
    >
      <Text fz="sm">
        {fullName(user)} ({user.email}) is signed out at once and cannot sign in until an administrator reactivates them.
      </Text>
    </ConfirmDialog>
  );
}

function ResetDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const reset = useResetSecondFactor({ onSuccess: onClose });
  return (
    <ConfirmDialog
      confirm="Reset second factor"
      pending={reset.isPending}
      error={reset.error}
      onConfirm={() => reset.mutate({ userId: user.id })}
      onClose={onClose}
    >
      <Text fz="sm">
        {fullName(user)}’s authenticator and recovery codes stop working and they are signed out. We e-mail them a link
        to {user.email} to set up a new authenticator with their password.
      </Text>
    </ConfirmDialog>
  );
}

function UserCard({
  user,
  roles,
  isMe,
  canManage,
  onDialog,
}: {
  user: StaffUser;
  roles: Roles;
  isMe: boolean;
  canManage: boolean;
  onDialog: (d: Dialog) => void;
}) {
  const name = fullName(user);
  const reactivate = useSetStaffActive();
  const resend = useResendInvite();
  const error = reactivate.error ?? resend.error;
  return (
    <Paper withBorder radius="md" p="md" bg="white" component="li" aria-label={name} data-user={user.email}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} miw={0}>
            <Text fw={600}>
              {name}
              {isMe ? (
                <Text span c="dimmed" fw={400}>
                  {' '}
                  (you)
                </Text>
              ) : null}
            </Text>
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
          <StateBadges user={user} />
        </Group>
        <Group gap="lg" style={{ rowGap: 4 }}>
          <Text fz="sm">
            <Text span c="dimmed" fz="sm">
              Role:{' '}
            </Text>
            {roles[user.role]?.label ?? user.role}
          </Text>
          <Text fz="sm">
            <Text span c="dimmed" fz="sm">
              Loan officer tag:{' '}
            </Text>
            {user.loanOfficerTag || 'none'}
          </Text>
        </Group>
        <ActionError error={error} />
        {canManage && !isMe ? (
          <Group gap="xs">
            <Button size="xs" variant="light" aria-label={`Change role of ${name}`} onClick={() => onDialog({ kind: 'role', user })}>
              Change role
            </Button>
            <Button size="xs" variant="light" aria-label={`Edit tag of ${name}`} onClick={() => onDialog({ kind: 'tag', user })}>
              Edit tag
            </Button>
            {user.active && user.enrolment !== 'complete' ? (
              <Button
                size="xs"
                variant="light"
                aria-label={`Send the link again to ${name}`}
                loading={resend.isPending}
                onClick={() => resend.mutate({ userId: user.id })}
              >
                Send the link again
              </Button>
            ) : null}
            {user.active && user.enrolment === 'complete' ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Reset second factor of ${name}`}
                onClick={() => onDialog({ kind: 'reset', user })}
              >
                Reset second factor
              </Button>
            ) : null}
            {user.active ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Deactivate ${name}`}
                onClick={() => onDialog({ kind: 'deactivate', user })}
              >
                Deactivate
              </Button>
            ) : (
              <Button
                size="xs"
                variant="light"
                aria-label={`Reactivate ${name}`}
                loading={reactivate.isPending}
                onClick={() => reactivate.mutate({ userId: user.id, active: true })}
              >
                Reactivate
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

const dialogTitles: Record<NonNullable<Dialog>['kind'], (name: string) => string> = {
  role: (name) => `Change the role of ${name}`,
  tag: (name) => `Loan officer tag of ${name}`,
  deactivate: (name) => `Deactivate ${name}?`,
  reset: (name) => `Reset the second factor of ${name}?`,
};

function UsersList({ view }: { view: StaffUsersView }) {
  const session = useSession('portal');
  const me = session.data?.user;
  const canManage = Boolean(me?.role && view.roles[me.role]?.actions.includes('users.manage'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="md" component="section" aria-labelledby="users-heading">
      <Title order={2} fz="h3" id="users-heading">
        Portal users
      </Title>
      {view.items.length === 0 ? (
        <Text c="dimmed">No portal users yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {view.items.map((u) => (
            <UserCard key={u.id} user={u} roles={view.roles} isMe={u.id === me?.id} canManage={canManage} onDialog={setDialog} />
          ))}
        </Stack>
      )}
      <Modal opened={dialog !== null} onClose={close} title={dialog ? dialogTitles[dialog.kind](fullName(dialog.user)) : ''} centered>
        {dialog?.kind === 'role' ? <RoleDialog user={dialog.user} roles={view.roles} onClose={close} /> : null}
        {dialog?.kind === 'tag' ? <TagDialog user={dialog.user} onClose={close} /> : null}
        {dialog?.kind === 'deactivate' ? <DeactivateDialog user={dialog.user} onClose={close} /> : null}
        {dialog?.kind === 'reset' ? <ResetDialog user={dialog.user} onClose={close} /> : null}
      </Modal>
    </Stack>
  );
}

/** The users page's body, below the portal's header. */
export function ManageUsers() {
  const users = useStaffUsers();
  const session = useSession('portal');
  const role = session.data?.user.role;
  const canManage = Boolean(role && users.data?.roles[role]?.actions.includes('users.manage'));
  return (
    <Stack gap="xl">
      <PageHeading
        title="Manage users"
        help="Portal users, their roles and whether they are active: invite someone, change a role, deactivate a user or reset a second factor."
      />
      {users.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the portal users">
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      ) : users.isError ? (
        isTRPCClientError(users.error) && users.error.code === 'FORBIDDEN' ? (
          <Alert color="orange" variant="light" title="Not for your role">
            {users.error.message}
          </Alert>
        ) : (
          <QueryError title="We could not load the portal users" error={users.error} onRetry={() => void users.refetch()} />
        )
      ) : (
        <>
          {canManage ? <InviteForm roles={users.data.roles} /> : null}
          <UsersList view={users.data} />
        </>
      )}
    </Stack>
  );
}
