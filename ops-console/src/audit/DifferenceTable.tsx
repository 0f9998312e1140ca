import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { ReadModelDifference, StateTableDifference } from './types';

const text = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
const keyText = (key: Record<string, unknown>) =>
  Object.entries(key)
    .map(([column, value]) => `${column}=${text(value)}`)
    .join(', ');

/**
 * Rows of a read model that differ from the rebuilt ones (table, key, and per column live vs rebuilt), or
 * of a state table that differ from what the events say (live vs expected).
 */
export function DifferenceTable({
  differences,
  state = false,
}: {
  differences: readonly ReadModelDifference[] | readonly StateTableDifference[];
  state?: boolean;
}) {
  const translate = useTranslate();
  const columns = ['table', 'key', 'kind', 'column', 'live', state ? 'expected' : 'rebuilt'] as const;
  const kinds = state ? 'stateKinds' : 'kinds';
  return (
    <Table size="small" data-testid="read-model-differences">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{translate(`console.audit.readModels.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {(differences as readonly (ReadModelDifference | StateTableDifference)[]).flatMap((difference) =>
          // A changed row shows the columns that differ; an extra or missing row shows it once.
          (difference.kind === 'changed' ? difference.columns : [null]).map((column, index) => (
            <TableRow
              key={`${difference.table}-${keyText(difference.key)}-${index}`}
              data-testid="difference"
            >
              <TableCell sx={{ fontFamily: 'monospace' }}>{difference.table}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {keyText(difference.key)}
              </TableCell>
              {/* A kind of difference on one line (已被/修改 broke beside a long key at 1366 px, issue 35). */}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {translate(`console.audit.readModels.${kinds}.${difference.kind}`)}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{column?.column ?? '—'}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{column ? text(column.live) : ''}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                {column ? text('expected' in column ? column.expected : column.rebuilt) : ''}
              </TableCell>
            </TableRow>
          )),
        )}
      </TableBody>
    </Table>
  );
}
