import type { ReactNode } from 'react';
import { AccessDenied, Loading, usePermissions } from 'react-admin';
import { mayUse } from '../providers/permissions';

/** The audit pages outside resources: shown only to the roles `permissions.ts` names (the server checks too). */
export function RequireRole({ resource, children }: { resource: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  return mayUse(permissions, resource) ? children : <AccessDenied />;
}
