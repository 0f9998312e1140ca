import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../forms/dates';
import { type FilePreview as Preview, fetchPreview } from './content/contentApi';
import { FilePreview } from './content/FilePreview';
import type { CompetitionFile } from './types';

/** CSV files a reader may download can be previewed: header and first rows (GET /race/preview). */
const previewable = (file: CompetitionFile) => file.downloadable && file.name.toLowerCase().endsWith('.csv');

interface FileTableProps {
  files: CompetitionFile[];
  busy: string | null;
  onDownload: (file: CompetitionFile) => void;
}

export function FileTable({ files, busy, onDownload }: FileTableProps) {
  const { t } = useTranslation();
  /** The previews open now, by file. */
  const [previews, setPreviews] = useState<Record<string, Preview | null>>({});
  const toggle = async (file: CompetitionFile) => {
    if (file.fileId in previews) {
      const { [file.fileId]: _closed, ...rest } = previews;
      setPreviews(rest);
      return;
    }
    const preview = await fetchPreview(file.fileId).catch(() => undefined);
    if (preview !== undefined) setPreviews((open) => ({ ...open, [file.fileId]: preview }));
  };
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
          <Fragment key={file.fileId}>
            <TableRow>
              <TableCell>{file.name}</TableCell>
              <TableCell>{formatBytes(file.size)}</TableCell>
              <TableCell align="right">
                {previewable(file) ? (
                  <Button
                    size="small"
                    onClick={() => void toggle(file)}
                    aria-expanded={file.fileId in previews}
                    aria-label={t('competition.files.previewNamed', { name: file.name })}
                  >
                    {t('competition.files.preview')}
                  </Button>
                ) : null}
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
            {file.fileId in previews ? (
              <TableRow>
                <TableCell colSpan={3} sx={{ bgcolor: 'action.hover' }}>
                  <FilePreview preview={previews[file.fileId] ?? null} />
                </TableCell>
              </TableRow>
            ) : null}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}
