import { z } from 'zod';
import { defineEvent } from '../define.ts';

/**
 * Write-ups (issue 37, decision 0047): after a phase's final results are published, teams in the prize
 * places attach a description of their method (Markdown, a few files). Stream
 * `writeups-<competitionId>-<phase>` (aggregate `scoring.writeup`): the operators' opening (places and
 * deadline), each team's submissions and the operators' hiding. Every event is in the signed scoring log;
 * a write-up names the seal digest of the board it is placed on, and the SHA-256 of its body and files.
 */
const aggregate = 'scoring.writeup';

/**
 * Limits on what a team can grow: the title and body (characters), the files (count, bytes each) and
 * the places an operator may open (the prize places), with the default of the seeded prize (1+2+3+4).
 */
export const writeUpLimits = {
  titleMax: 120,
  bodyMax: 20_000,
  filesMax: 3,
  fileBytesMax: 5 * 1024 * 1024,
  fileNameMax: 100,
  placesMax: 50,
  defaultPlaces: 10,
} as const;

/**
 * The kinds of file a write-up may attach, by the name's ending (lower case). They are always served as
 * downloads (`application/octet-stream`, `Content-Disposition: attachment`, `nosniff`), never shown
 * inline, so a file cannot run script on the platform's origin whatever its content.
 */
export const writeUpFileTypes = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.zip',
  '.ipynb',
  '.py',
  '.md',
  '.txt',
] as const;

export const writeUpFileName = z
  .string()
  .min(1)
  .max(writeUpLimits.fileNameMax)
  .refine(
    (name) => ![...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20),
    'no path or control characters',
  )
  .refine((name) => writeUpFileTypes.some((ending) => name.toLowerCase().endsWith(ending)), 'file type');

export const writeUpFile = z.object({
  fileId: z.uuid(),
  name: writeUpFileName,
  size: z.number().int().min(0).max(writeUpLimits.fileBytesMax),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type WriteUpFile = z.infer<typeof writeUpFile>;

export const writeUpTitle = z.string().trim().min(1).max(writeUpLimits.titleMax);
export const writeUpBody = z.string().min(1).max(writeUpLimits.bodyMax);

export const WriteUpsOpened = defineEvent({
  type: 'scoring.WriteUpsOpened',
  version: 1,
  meaning:
    'An operator opened write-ups for a phase whose final results are published: the teams ranked 1…places on its sealed private board may submit one each until the deadline. Sent again, it sets new places or a new deadline.',
  aggregate,
  data: z.object({
    competitionId: z.uuid(),
    phase: z.string().min(1).max(40),
    places: z.number().int().min(1).max(writeUpLimits.placesMax),
    deadline: z.iso.datetime(),
    /** The seal of the published board the places are read on. */
    sealDigest: z.string(),
    openedBy: z.uuid(),
  }),
});

export const WriteUpSubmitted = defineEvent({
  type: 'scoring.WriteUpSubmitted',
  version: 1,
  meaning:
    "A member of a team in the prize places submitted (or replaced) the team's write-up: a title, a Markdown body and files, with their SHA-256 and the seal digest of the published board that places the team.",
  aggregate,
  data: z.object({
    writeUpId: z.uuid(),
    competitionId: z.uuid(),
    phase: z.string().min(1).max(40),
    teamId: z.string().min(1).max(100),
    /** The team's rank on the sealed private board. */
    rank: z.number().int().min(1),
    sealDigest: z.string(),
    title: writeUpTitle,
    body: writeUpBody,
    bodySha256: z.string().regex(/^[0-9a-f]{64}$/),
    files: z.array(writeUpFile).max(writeUpLimits.filesMax),
    submittedBy: z.uuid(),
  }),
});

export const WriteUpHidden = defineEvent({
  type: 'scoring.WriteUpHidden',
  version: 1,
  meaning:
    "An operator hid a team's write-up from the competition's page, with a reason; its events stay in the log.",
  aggregate,
  data: z.object({
    writeUpId: z.uuid(),
    competitionId: z.uuid(),
    phase: z.string().min(1).max(40),
    teamId: z.string().min(1).max(100),
    hiddenBy: z.uuid(),
    reason: z.string().min(1).max(500),
  }),
});

export type WriteUpsOpenedData = z.infer<typeof WriteUpsOpened.data>;
export type WriteUpSubmittedData = z.infer<typeof WriteUpSubmitted.data>;
export type WriteUpHiddenData = z.infer<typeof WriteUpHidden.data>;

/** The label the portal, the console and the CLI give a write-up, one text. */
export const writeUpLabel = { en: 'Write-up', 'zh-CN': '方案说明' } as const;
