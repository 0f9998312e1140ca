import type { ContainerRequest } from './types';

export interface ContainerValues {
  image: string;
  username: string;
  password: string;
  configPath: string;
}

export type ContainerField = keyof ContainerValues;
export type ContainerProblem = 'imageRequired' | 'imageFormat' | 'credentialsPair';

export const emptyContainer: ContainerValues = { image: '', username: '', password: '', configPath: '' };

/** [registry[:port]/]name[/name…][:tag][@sha256:digest], names in lowercase as registries require. */
const component = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const imagePattern = new RegExp(
  `^(?:[a-zA-Z0-9.-]+(?::[0-9]+)?/)?${component}(?:/${component})*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$`,
);

/**
 * Spec §3, §5: the image path is required; a public image omits username and password, a private
 * one needs both.
 */
export function containerProblems(
  values: ContainerValues,
): Partial<Record<ContainerField, ContainerProblem>> {
  const image = values.image.trim();
  const problems: Partial<Record<ContainerField, ContainerProblem>> = {};
  if (!image) problems.image = 'imageRequired';
  else if (!imagePattern.test(image)) problems.image = 'imageFormat';
  const username = values.username.trim();
  if (Boolean(username) !== Boolean(values.password))
    problems[username ? 'password' : 'username'] = 'credentialsPair';
  return problems;
}

/** The call's body: empty optional fields are left out. */
export function containerRequest(competitionId: string, values: ContainerValues): ContainerRequest {
  const username = values.username.trim();
  const configPath = values.configPath.trim();
  return {
    competitionId,
    image: values.image.trim(),
    ...(username ? { username, password: values.password } : {}),
    ...(configPath ? { configPath } : {}),
  };
}
