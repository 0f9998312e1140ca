import { ValidationError } from '@sais/kit/errors';
import { bodyCheckedByHandler, envelopeOf, ok, requestMetadata, requirePrincipal } from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ContainerSubmissions } from '../containers/submissions.ts';
import { scoringErrors } from '../errors.ts';

const body = scoring.requests.containerSubmission;

/**
 * `POST /api/submission/container`: a code submission (an image the platform pulls, runs and scores).
 * With `enabled` false (SCORING_CONTAINERS=off: a deployment without container runners) it says so
 * instead of accepting a submission nothing would run.
 */
export async function containerRoutes(
  root: FastifyInstance,
  { containers, enabled = true }: { containers: ContainerSubmissions; enabled?: boolean },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/submission/container',
    {
      schema: {
        tags: ['submission'],
        summary:
          'Submit code as a container image: {competitionId, image, username?, password?, configPath? (default /app/run.sh), confirmStop?, description? (≤ 500 characters), smoke? (a smoke run on the smoke split: full log, its own daily cap, never ranked; decision 0049)}; 409/40020 while the team’s previous run is unfinished unless confirmStop',
        // Checked in the handler, after "container runs are not available here" (SCORING_CONTAINERS=off).
        body,
        response: { 200: envelopeOf(scoring.responses.submissionReceived) },
      },
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      if (!enabled) throw scoringErrors.containerRunsUnavailable();
      const parsed = body.safeParse(request.body);
      if (!parsed.success)
        throw new ValidationError('invalidRequest', {
          data: { fields: parsed.error.issues.map((issue) => issue.path.join('.')) },
        });
      const result = await containers.receive(
        { ...parsed.data, accountId: principal.accountId },
        requestMetadata(request, principal.accountId),
      );
      return ok(result, 'Submit success');
    },
  );
}
