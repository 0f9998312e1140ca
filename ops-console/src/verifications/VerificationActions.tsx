import { ListButton, TopToolbar } from 'react-admin';

/** Back to the queue; the decisions sit beside the photos (ReviewPanel). */
export function VerificationActions() {
  return (
    <TopToolbar>
      <ListButton />
    </TopToolbar>
  );
}
