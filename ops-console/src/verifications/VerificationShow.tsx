import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Labeled, SelectField, Show, TextField, useRecordContext, useTranslate } from 'react-admin';
import { UserLink } from '../shared/EntityLink';
import { ZonedTimeField } from '../shared/ZonedTime';
import { ReviewPanel } from './ReviewPanel';
import { SameDocumentAlert } from './SameDocumentAlert';
import { PhotoViewer } from './PhotoViewer';
import { certificateTypeChoices } from './choices';
import { StatusField } from './StatusField';
import { VerificationActions } from './VerificationActions';
import { VerificationTitle } from './VerificationTitle';

/** One verification: its photos (zoom, rotate) beside the submitted fields and the reviewer's check. */
export function VerificationShow() {
  return (
    <Show title={<VerificationTitle />} actions={<VerificationActions />}>
      <ReviewLayout />
    </Show>
  );
}

function ReviewLayout() {
  const record = useRecordContext<{
    id: string;
    photoCount?: number;
    certificateType?: string;
    userId: string;
  }>();
  const translate = useTranslate();
  const [viewed, setViewed] = useState<{ id: string; seen: Set<number> }>({ id: '', seen: new Set() });
  if (!record) return null;
  // A new record (approve and next) starts with nothing seen.
  const seen = viewed.id === record.id ? viewed.seen : new Set<number>();
  const count = record.photoCount ?? 0;
  const captionOf = (index: number) =>
    translate(
      record.certificateType === 'passport'
        ? 'console.verifications.photos.passport'
        : index === 0
          ? 'console.verifications.photos.front'
          : 'console.verifications.photos.back',
    );
  return (
    <Grid container spacing={3} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={2}>
          {Array.from({ length: count }, (_, index) => (
            <PhotoViewer
              key={`${record.id}-${index}`}
              verificationId={String(record.id)}
              index={index}
              caption={captionOf(index)}
              onViewed={(position) =>
                setViewed((current) => ({
                  id: record.id,
                  seen: new Set([...(current.id === record.id ? current.seen : []), position]),
                }))
              }
            />
          ))}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={1.5}>
          {/* One document behind other accounts: seen before anything is decided (issue 35). */}
          <SameDocumentAlert />
          {/* What the photo must show: compared first, decided beside it. */}
          <Labeled source="name">
            <TextField source="name" />
          </Labeled>
          <Labeled source="certificateType">
            <SelectField source="certificateType" choices={certificateTypeChoices} />
          </Labeled>
          <Labeled source="certificateNumber">
            <TextField source="certificateNumber" />
          </Labeled>
          <ReviewPanel key={record.id} viewed={seen} />
          <Labeled source="username">
            <UserLink idSource="userId" nameSource="username" />
          </Labeled>
          <Labeled source="submittedAt">
            <ZonedTimeField source="submittedAt" />
          </Labeled>
          <Labeled source="status">
            <StatusField source="status" />
          </Labeled>
          <Labeled source="reviewer">
            <TextField source="reviewer" emptyText="—" />
          </Labeled>
          <Labeled source="decidedAt">
            <ZonedTimeField source="decidedAt" />
          </Labeled>
          <Labeled source="reason">
            <TextField source="reason" emptyText="—" />
          </Labeled>
        </Stack>
      </Grid>
    </Grid>
  );
}
