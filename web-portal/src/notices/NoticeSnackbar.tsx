import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { type Notice, type NoticeBus, notices } from './notices';

const visibleMilliseconds = 5000;

/** Shows the latest notice from the bus; a newer notice replaces the one on screen. */
export function NoticeSnackbar({ bus = notices }: { bus?: NoticeBus }) {
  const [notice, setNotice] = useState<(Notice & { id: number }) | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      bus.subscribe((next) => {
        setNotice((previous) => ({ ...next, id: (previous?.id ?? 0) + 1 }));
        setOpen(true);
      }),
    [bus],
  );

  return (
    <Snackbar
      key={notice?.id}
      open={open}
      autoHideDuration={visibleMilliseconds}
      onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={() => setOpen(false)}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
