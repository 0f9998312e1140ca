import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../forms/dates';
import type { CompetitionFile } from './types';

interface FileTableProps {
  files: CompetitionFile[];
  busy: string | null;
  onDownload: (file: CompetitionFile) => void;
}

export function FileTable({ files, busy, onDownload }: FileTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" data-testid="files">
      <TableHead>
        <TableRow>
          <TableCell>{t('competition.files.name')}</TableCell>
          <TableCell>{t('competition.files.size')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {files.map((file) => (
          <TableRow key={file.fileId}>
            <TableCell>{file.name}</TableCell>
            <TableCell>{formatBytes(file.size)}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                disabled={busy === file.fileId}
                onClick={() => onDownload(file)}
                aria-label={t('competition.files.downloadNamed', { name: file.name })}
              >
                {t('competition.files.download')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
