import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiBase } from '../providers';

/** One certificate photo, decrypted by the server for this view (which it records as an event). */
export function CertificatePhoto({
  verificationId,
  index,
  caption,
}: {
  verificationId: string;
  index: number;
  caption: string;
}) {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  const query = new URLSearchParams({ verificationId, index: String(index) });
  return (
    <Box component="figure" sx={{ m: 0 }}>
      {failed ? (
        <Alert severity="warning">{translate('console.verifications.photos.failed')}</Alert>
      ) : (
        <Box
          component="img"
          src={`${apiBase}/user/review/photo?${query}`}
          alt={caption}
          onError={() => setFailed(true)}
          data-testid="certificate-photo"
          sx={{ display: 'block', maxWidth: 480, maxHeight: 360, border: 1, borderColor: 'divider' }}
        />
      )}
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {caption}
      </Typography>
    </Box>
  );
}
