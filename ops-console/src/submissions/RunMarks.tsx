import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * What kind of run a submission was, as chips: a smoke run (decision 0049: the smoke split only, never
 * scored or ranked) and a run that had the competition's hidden datasets mounted (decision 0032: its team
 * got no log and no result file). Each says what it means on hover. `empty`: what an unmarked row shows.
 */
export function RunMarks({
  empty = null,
}: {
  source?: string;
  label?: string;
  sortable?: boolean;
  empty?: string | null;
}) {
  const record = useRecordContext<{ smoke?: boolean; hiddenData?: boolean }>();
  const translate = useTranslate();
  const marks = [record?.smoke && 'smoke', record?.hiddenData && 'hiddenData'].filter(
    (mark): mark is 'smoke' | 'hiddenData' => Boolean(mark),
  );
  if (marks.length === 0) return empty === null ? null : <span>{empty}</span>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
      {marks.map((mark) => (
        <Tooltip key={mark} title={translate(`console.submissions.marks.${mark}Hint`)}>
          <Chip
            size="small"
            variant="outlined"
            color={mark === 'hiddenData' ? 'warning' : 'info'}
            label={translate(`console.submissions.marks.${mark}`)}
            data-testid={mark === 'smoke' ? 'smoke-mark' : 'hidden-data-mark'}
          />
        </Tooltip>
      ))}
    </Stack>
  );
}
