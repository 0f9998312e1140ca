import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { FilePreview as Preview } from './contentApi';

/** A CSV file's header and first rows, as data (cells in `<code>`): what a result file's columns look like. */
export function FilePreview({ preview }: { preview: Preview | null }) {
  const { t } = useTranslation();
  if (!preview) return <Alert severity="info">{t('competition.content.noPreview')}</Alert>;
  return (
    <Table size="small" data-testid="file-preview" sx={{ '& code': { fontSize: '0.85em' } }}>
      <TableHead>
        <TableRow>
          {preview.header.map((name, index) => (
            <TableCell key={index} sx={{ fontWeight: 600 }}>
              <code>{name}</code>
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {preview.rows.map((row, index) => (
          <TableRow key={index}>
            {row.map((cell, column) => (
              <TableCell key={column}>
                <code>{cell}</code>
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
