import { z } from 'zod';
import { defineEvent } from '../define.ts';

export const ParticipantSignedUp = defineEvent({
  type: 'competition.ParticipantSignedUp',
  version: 1,
  meaning:
    'A verified user accepted the agreements and signed up; they compete as a single-person team until they form one.',
  aggregate: 'competition.registration',
  data: z.object({ competitionId: z.uuid(), accountId: z.uuid(), acceptedAgreements: z.array(z.string()) }),
});

export const FileDownloaded = defineEvent({
  type: 'competition.FileDownloaded',
  version: 1,
  meaning: 'A user downloaded (part of) a documentation file or dataset.',
  aggregate: 'competition.download',
  data: z.object({
    competitionId: z.uuid(),
    fileId: z.uuid(),
    accountId: z.uuid(),
    range: z.string().nullable(),
    bytes: z.number().int().min(0),
  }),
});
