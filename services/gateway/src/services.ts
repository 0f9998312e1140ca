import { competitionService } from '@sais/competition';
import { identityService } from '@sais/identity';
import type { ServiceDefinition } from '@sais/kit/platform';
import { scoringService } from '@sais/scoring';
import { teamService } from '@sais/team';

export const allServices: readonly ServiceDefinition[] = [
  identityService,
  competitionService,
  teamService,
  scoringService,
];

export function serviceNamed(name: string): ServiceDefinition {
  const service = allServices.find((candidate) => candidate.name === name);
  if (!service)
    throw new Error(`unknown service "${name}"; known: ${allServices.map((s) => s.name).join(', ')}`);
  return service;
}
