import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '../../forms/ZonedTime';
import { AuthStatusChip } from '../verification/AuthStatusChip';
import type { Application } from './types';

/** Pending join and leave applications to my team, each to agree to or reject (owner). */
export function ApplicationsTable({
  applications,
  busy,
  onHandle,
}: {
  applications: Application[];
  busy: boolean;
  onHandle: (application: Application, agree: boolean) => void;
}) {
  const { t } = useTranslation();
  if (applications.length === 0)
    return <Typography color="text.secondary">{t('team.noApplications')}</Typography>;
  return (
    <Table size="small" data-testid="team-applications">
      <TableHead>
        <TableRow>
          <TableCell>{t('team.applicant')}</TableCell>
          <TableCell>{t('team.kind')}</TableCell>
          <TableCell>{t('team.authStatus')}</TableCell>
          <TableCell>{t('team.email')}</TableCell>
          <TableCell>{t('team.requestedAt')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {applications.map((application) => (
          <TableRow key={application.applicationId} data-testid="team-application">
            <TableCell>{application.deleted ? t('team.deletedUser') : application.name}</TableCell>
            <TableCell>{t(`team.kinds.${application.kind}`)}</TableCell>
            <TableCell>
              <AuthStatusChip status={application.authStatus} />
            </TableCell>
            <TableCell>{application.email ?? '-'}</TableCell>
            <TableCell>
              <ZonedTime iso={application.requestedAt} />
            </TableCell>
            <TableCell align="right">
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button size="small" disabled={busy} onClick={() => onHandle(application, true)}>
                  {t('team.agree')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  onClick={() => onHandle(application, false)}
                >
                  {t('team.reject')}
                </Button>
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
