import RotateRight from '@mui/icons-material/RotateRight';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiBase } from '../providers';

const zoomSteps = [1, 1.5, 2, 3];

/**
 * One certificate photo, decrypted by the server for this view (which it records as an event), with
 * zoom and rotation so the reviewer can read the number; `onViewed` fires once the photo has loaded.
 */
export function PhotoViewer({
  verificationId,
  index,
  caption,
  onViewed,
}: {
  verificationId: string;
  index: number;
  caption: string;
  onViewed: (index: number) => void;
}) {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(0);
  const [turns, setTurns] = useState(0);
  const query = new URLSearchParams({ verificationId, index: String(index) });
  const scale = zoomSteps[zoom]!;
  const tool = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, testId = '') => (
    <Tooltip title={translate(label)}>
      <span>
        <IconButton
          size="small"
          aria-label={translate(label)}
          onClick={onClick}
          disabled={disabled}
          data-testid={testId}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="figcaption" variant="subtitle2">
          {caption}
        </Typography>
        <Stack direction="row">
          {tool('console.trust.review.zoomOut', <ZoomOut />, () => setZoom(zoom - 1), zoom === 0)}
          {tool(
            'console.trust.review.zoomIn',
            <ZoomIn />,
            () => setZoom(zoom + 1),
            zoom === zoomSteps.length - 1,
            `zoom-in-${index}`,
          )}
          {tool(
            'console.trust.review.rotate',
            <RotateRight />,
            () => setTurns((turns + 1) % 4),
            false,
            `rotate-${index}`,
          )}
        </Stack>
      </Stack>
      {failed ? (
        <Alert severity="warning">{translate('console.verifications.photos.failed')}</Alert>
      ) : (
        <Box
          sx={{
            overflow: 'auto',
            maxHeight: 420,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
          }}
        >
          <Box
            component="img"
            src={`${apiBase}/user/review/photo?${query}`}
            alt={caption}
            onLoad={() => onViewed(index)}
            onError={() => setFailed(true)}
            data-testid="certificate-photo"
            data-zoom={scale}
            data-turns={turns}
            sx={{
              display: 'block',
              width: `${100 * scale}%`,
              maxWidth: 'none',
              transform: `rotate(${turns * 90}deg)`,
              transformOrigin: 'center',
              transition: 'transform 120ms',
            }}
          />
        </Box>
      )}
    </Box>
  );
}
