import { z } from 'zod';
import { defineEvent } from '../define.ts';

const aggregate = 'scoring.submission';
const submissionId = z.uuid();

export const containerRunStates = ['pulling', 'running', 'collecting'] as const;

export const ContainerRunProgressed = defineEvent({
  type: 'scoring.ContainerRunProgressed',
  version: 1,
  meaning:
    'A runner moved a container submission to its next step: pulling the image, running it, or collecting /saisresult.',
  aggregate,
  data: z.object({
    submissionId,
    state: z.enum(containerRunStates),
    attempt: z.number().int().positive(),
    /**
     * On `running`: the run has hidden datasets mounted at /saisdata (decision 0032), so its log and result
     * file are the organisers' only. Absent otherwise (and on older events).
     */
    hiddenData: z.literal(true).optional(),
  }),
});

export const ContainerRunStopped = defineEvent({
  type: 'scoring.ContainerRunStopped',
  version: 1,
  meaning:
    'The team confirmed a newer code submission while this one was waiting or running: this run is stopped and Failed (its allowance stays used).',
  aggregate,
  data: z.object({ submissionId, stoppedBy: z.uuid(), stoppedByAccount: z.uuid() }),
});

export const ContainerRunReleased = defineEvent({
  type: 'scoring.ContainerRunReleased',
  version: 1,
  meaning:
    'A runner that was stopping (SIGTERM: a deploy, docker stop) stopped the run and gave its claim back before the run ended: the submission waits again for another runner, and this attempt does not count against the runner attempts.',
  aggregate,
  data: z.object({ submissionId, attempt: z.number().int().positive(), worker: z.string() }),
});

export const RunQueueWeightSet = defineEvent({
  type: 'scoring.RunQueueWeightSet',
  version: 1,
  meaning:
    'An operator set the weight of a competition in the fair queue of container runs (decision 0038): runners take its waiting runs in this proportion against other competitions that have runs waiting (default 1).',
  aggregate: 'scoring.runQueue',
  data: z.object({
    competitionId: z.uuid(),
    weight: z.number().int().min(1).max(100),
    previous: z.number().int().min(1).max(100),
  }),
});

export const SmokeSplitSet = defineEvent({
  type: 'scoring.SmokeSplitSet',
  version: 1,
  meaning:
    "An operator chose the competition's smoke split (decision 0049): the one public dataset file a smoke run sees at /saisdata, and how many smoke runs a team may make a day; fileId null: smoke runs are off.",
  aggregate: 'scoring.smokeSplit',
  data: z.object({
    competitionId: z.uuid(),
    fileId: z.uuid().nullable(),
    perDay: z.number().int().min(1).max(50),
  }),
});
