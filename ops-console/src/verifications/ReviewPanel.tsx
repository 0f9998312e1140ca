import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import SkipNext from '@mui/icons-material/SkipNext';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { RejectDialog } from './RejectDialog';
import { type PhotoCheck, photoChecks } from './choices';
import { useDecision } from './useDecision';

export interface ReviewRecord {
  id: string;
  userId: string;
  name: string;
  status: string;
  photoCount: number;
}

/**
 * The reviewer's check (issue 19): the number read from the photo is typed here and the server
 * compares it with the submitted one (its keyed digest, decision 0018); each photo rule is ticked;
 * Approve opens once every photo has been seen. Nobody decides their own verification.
 */
export function ReviewPanel({ viewed }: { viewed: ReadonlySet<number> }) {
  const record = useRecordContext<ReviewRecord>();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { decide, isPending } = useDecision(record);
  const [number, setNumber] = useState('');
  const [checks, setChecks] = useState<PhotoCheck[]>([]);
  const [rejecting, setRejecting] = useState(false);
  if (!record || record.status !== 'processing') return null;
  if (identity && String(identity.id) === record.userId)
    return (
      <Alert severity="warning" data-testid="own-verification">
        {translate('console.trust.review.own')}
      </Alert>
    );
  const allSeen = viewed.size >= record.photoCount;
  const ready = allSeen && number.trim().length > 0 && checks.length === photoChecks.length;
  const missing = !allSeen
    ? 'console.trust.review.needPhotos'
    : !number.trim()
      ? 'console.trust.review.needNumber'
      : checks.length < photoChecks.length
        ? 'console.trust.review.needChecks'
        : null;
  const approve = (next: boolean) =>
    decide({ action: 'approve', certificateNumber: number.trim(), checks }, { next });
  return (
    <Stack spacing={2} data-testid="review-panel">
      <TextField
        label={translate('console.trust.review.number')}
        helperText={translate('console.trust.review.numberHelp')}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'number-read', spellCheck: false } }}
      />
      <div>
        <Typography variant="subtitle2">{translate('console.trust.review.rules')}</Typography>
        <FormGroup>
          {photoChecks.map((check) => (
            <FormControlLabel
              key={check}
              control={
                <Checkbox
                  checked={checks.includes(check)}
                  onChange={(event) =>
                    setChecks(
                      event.target.checked ? [...checks, check] : checks.filter((item) => item !== check),
                    )
                  }
                  slotProps={{ input: { 'data-testid': `check-${check}` } as object }}
                />
              }
              label={translate(`console.trust.review.checks.${check}`)}
            />
          ))}
        </FormGroup>
      </div>
      {missing && (
        <Typography variant="body2" color="text.secondary" data-testid="approve-missing">
          {translate(missing)}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          disabled={!ready || isPending}
          onClick={() => void approve(false)}
          data-testid="approve"
        >
          {translate('console.verifications.actions.approve')}
        </Button>
        <Button
          variant="outlined"
          color="success"
          startIcon={<SkipNext />}
          disabled={!ready || isPending}
          onClick={() => void approve(true)}
          data-testid="approve-next"
        >
          {translate('console.trust.review.approveNext')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<CloseIcon />}
          disabled={isPending}
          onClick={() => setRejecting(true)}
          data-testid="reject"
        >
          {translate('console.verifications.actions.reject')}
        </Button>
      </Stack>
      <RejectDialog
        open={rejecting}
        pending={isPending}
        onClose={() => setRejecting(false)}
        onConfirm={async (reason) => {
          if (await decide({ action: 'reject', reason })) setRejecting(false);
        }}
      />
    </Stack>
  );
}
