import CheckIcon from '@mui/icons-material/Check';
import { Button, useRecordContext } from 'react-admin';
import { useDecision } from './useDecision';

export function ApproveButton() {
  const record = useRecordContext();
  const { decide, isPending } = useDecision(record);
  return (
    <Button
      label="console.verifications.actions.approve"
      variant="contained"
      color="success"
      disabled={isPending || !record}
      onClick={() => void decide({ action: 'approve' })}
      data-testid="approve"
    >
      <CheckIcon />
    </Button>
  );
}
