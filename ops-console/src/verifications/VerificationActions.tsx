import { ListButton, TopToolbar, useRecordContext } from 'react-admin';
import { ApproveButton } from './ApproveButton';
import { RejectButton } from './RejectButton';

/** Back to the queue; and while the verification is pending, the two decisions. */
export function VerificationActions() {
  const record = useRecordContext<{ status?: string }>();
  return (
    <TopToolbar>
      <ListButton />
      {record?.status === 'processing' && (
        <>
          <ApproveButton />
          <RejectButton />
        </>
      )}
    </TopToolbar>
  );
}
