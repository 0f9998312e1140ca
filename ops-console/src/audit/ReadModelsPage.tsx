import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { DifferenceTable } from './DifferenceTable';
import { ServicesCheck } from './ServicesCheck';
import type { ReadModelsResult } from './types';

/**
 * Rebuilds every read model of every service from the events, apart, and compares it with the live one
 * (in the background on each service's server), listing the rows that differ.
 */
export function ReadModelsPage() {
  return (
    <ServicesCheck<ReadModelsResult>
      check="read-models"
      answer={(props) => <ReadModelsAnswer {...props} />}
    />
  );
}

function ReadModelsAnswer({
  name,
  result,
  testId,
}: {
  name: string;
  result: ReadModelsResult;
  testId: string;
}) {
  const translate = useTranslate();
  if (result.ok)
    return (
      <Alert severity="success" data-testid={testId} data-result="pass">
        {translate('console.audit.readModels.pass', {
          service: name,
          smart_count: result.projections.length,
        })}
      </Alert>
    );
  return (
    <Alert
      severity="error"
      data-testid={testId}
      data-result="differ"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>{translate('console.audit.readModels.differ', { service: name })}</AlertTitle>
      {result.projections
        .filter((report) => !report.ok)
        .map((report) => (
          <Stack key={report.projection} spacing={0.5} sx={{ mb: 1 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {translate('console.audit.readModels.projectionDiffers', {
                projection: report.projection,
                smart_count: report.differenceCount,
              })}
            </Typography>
            <DifferenceTable differences={report.differences} />
          </Stack>
        ))}
    </Alert>
  );
}
