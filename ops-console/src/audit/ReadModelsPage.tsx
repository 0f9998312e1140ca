import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { DifferenceTable } from './DifferenceTable';
import { ServicesCheck } from './ServicesCheck';
import type { DerivedTablesResult } from './types';

/**
 * Rebuilds every read model of every service from the events, apart, and compares it with the live one,
 * then compares every state table with what its events say (in the background on each service's server:
 * the same checks as `npm run events:verify -- --read-models`), listing the rows that differ.
 */
export function ReadModelsPage() {
  return (
    <ServicesCheck<DerivedTablesResult>
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
  result: DerivedTablesResult;
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
        {result.stateTables.length > 0 &&
          translate('console.audit.readModels.statePass', { smart_count: result.stateTables.length })}
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
      {result.stateTables
        .filter((report) => !report.ok)
        .map((report) => (
          <Stack key={report.check} spacing={0.5} sx={{ mb: 1 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {translate('console.audit.readModels.stateDiffers', {
                check: report.check,
                smart_count: report.differenceCount,
              })}
            </Typography>
            <DifferenceTable differences={report.differences} state />
          </Stack>
        ))}
    </Alert>
  );
}
