import { createInterface } from 'node:readline/promises';
import { type scoring, scoringCodes } from '@sais/events';
import { PlatformError, UsageError } from '../api.ts';
import type { Context } from '../output.ts';
import { emit } from '../output.ts';

/** The platform's answer while the team's previous container run is unfinished. */
export const previousRunStillRunning = scoringCodes.previousRunStillRunning;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^(y|yes|是)$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

/**
 * `sais container <competition> --image <ref> [--username u --password-stdin] [--config path] [--yes] [--smoke]`:
 * a code submission, or with `--smoke` a smoke run (decision 0049). While the team's previous run is unfinished the platform asks for a confirmation
 * (its 40020): `--yes` gives it, a terminal is asked, anything else is refused with the platform's words.
 */
export interface ContainerOptions {
  image: string;
  username?: string;
  passwordStdin?: boolean;
  config?: string;
  message?: string;
  yes?: boolean;
  /** A smoke run (decision 0049): on the smoke split, the whole log, none of the allowance, never ranked. */
  smoke?: boolean;
}

export async function submitContainer(context: Context, competitionId: string, options: ContainerOptions) {
  if (options.passwordStdin && !options.username) throw new UsageError(context.t('usernameNeeded'));
  const password = options.passwordStdin ? await readStdin() : undefined;
  const body: scoring.requests.ContainerSubmission = {
    competitionId,
    image: options.image,
    ...(options.username ? { username: options.username, password } : {}),
    ...(options.config ? { configPath: options.config } : {}),
    ...(options.message?.trim() ? { description: options.message.trim() } : {}),
    ...(options.smoke ? { smoke: true } : {}),
  };
  type Received = scoring.responses.SubmissionReceived;
  let received: Received;
  try {
    received = await context.api.post<Received>('/api/submission/container', {
      ...body,
      confirmStop: Boolean(options.yes),
    });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.code !== previousRunStillRunning) throw error;
    // stdin already read for the password, or no terminal: nobody to ask.
    const canAsk = process.stdin.isTTY && !options.passwordStdin && !context.json;
    if (!canAsk || !(await confirm(`${error.message}\n${context.t('stopPrevious')}`))) {
      throw new PlatformError(error.code, `${error.message} ${context.t('confirmWithYes')}`, error.status);
    }
    received = await context.api.post<Received>('/api/submission/container', { ...body, confirmStop: true });
  }
  emit(context, received, () =>
    context.t(received.smoke ? 'smokeSubmitted' : 'containerSubmitted', {
      image: options.image,
      id: received.submissionId,
      status: received.status,
      remaining: received.remaining,
    }),
  );
}
