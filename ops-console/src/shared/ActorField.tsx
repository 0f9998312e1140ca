import { useRecordContext } from 'react-admin';
import type { AuditEvent } from '../audit/types';
import { EntityLink } from './EntityLink';
import { accountName, useLoaded } from './names';

/**
 * Who caused an audit event, by username (identity's names call: the audit API shows it sealed), the
 * id on hover and copy; `—` for the system.
 */
export function ActorField(_: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<AuditEvent>();
  return <Actor id={record?.actor.userId ?? null} />;
}

/** An account by its username (asked once per page load), linking to its page; `—` for none, `…` while it loads. */
export function Actor({ id }: { id: string | null | undefined }) {
  const loaded = useLoaded(id ? `account:${id}` : null, () => accountName(id!));
  return <EntityLink resource="users" id={id} name={loaded.pending ? '…' : loaded.value} />;
}
