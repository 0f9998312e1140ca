import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import type { AuditEvent } from '../audit/types';
import { EntityLink } from './EntityLink';
import { useUsernames } from './useStaffEvents';

/** Usernames already asked for, shared by every row of a page (one call per account). */
const usernames = new Map<string, Promise<string | null>>();

/**
 * Who caused an audit event, by username (identity's names call: the audit API shows it sealed), the
 * id on hover and copy; `—` for the system.
 */
export function ActorField(_: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<AuditEvent>();
  return <Actor id={record?.actor.userId ?? null} />;
}

/** An account by its username (asked once per page load), linking to its page; `—` for none. */
export function Actor({ id }: { id: string | null | undefined }) {
  const usernamesOf = useUsernames();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let current = true;
    if (!usernames.has(id))
      usernames.set(
        id,
        usernamesOf([id]).then(
          (names) => names[id] ?? null,
          () => null,
        ),
      );
    void usernames.get(id)!.then((found) => current && setName(found));
    return () => {
      current = false;
    };
  }, [id, usernamesOf]);
  return <EntityLink resource="users" id={id} name={name} />;
}
