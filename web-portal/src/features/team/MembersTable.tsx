import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { AuthStatusChip } from '../verification/AuthStatusChip';
import type { Member } from './types';

interface MembersTableProps {
  members: Member[];
  /** The owner may remove members and hand the team over; others only see the list. */
  canManage: boolean;
  myId: string;
  onRemove: (member: Member) => void;
  onTransfer: (member: Member) => void;
}

/** Members of spec §3: name, authentication status, email, administrator flag. */
export function MembersTable({ members, canManage, myId, onRemove, onTransfer }: MembersTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" data-testid="team-members">
      <TableHead>
        <TableRow>
          <TableCell>{t('team.memberName')}</TableCell>
          <TableCell>{t('team.authStatus')}</TableCell>
          <TableCell>{t('team.email')}</TableCell>
          <TableCell>{t('team.admin')}</TableCell>
          {canManage ? <TableCell /> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {members.map((member) => (
          <TableRow key={member.userId} data-testid="team-member">
            <TableCell>{member.deleted ? t('team.deletedUser') : member.name}</TableCell>
            <TableCell>
              <AuthStatusChip status={member.authStatus} />
            </TableCell>
            <TableCell>{member.email ?? '-'}</TableCell>
            <TableCell>
              {member.isAdmin ? <Chip size="small" color="primary" label={t('team.adminYes')} /> : null}
            </TableCell>
            {canManage ? (
              <TableCell align="right">
                {member.userId === myId ? null : (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button size="small" onClick={() => onTransfer(member)}>
                      {t('team.transfer')}
                    </Button>
                    <Button size="small" color="error" onClick={() => onRemove(member)}>
                      {t('team.remove')}
                    </Button>
                  </Stack>
                )}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
