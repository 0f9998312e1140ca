import { scoringErrors } from '../errors.ts';

export const defaultConfigPath = '/app/run.sh';

// registry[:port]/path[:tag][@sha256:digest], lower-case path components as Docker requires.
const component = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const registry = '(?:[a-zA-Z0-9.-]+(?::[0-9]+)?/)?';
const imagePattern = new RegExp(
  `^${registry}${component}(?:/${component})*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$`,
);

/**
 * The registry host of a reference ("docker.io" when it names none), for the registry policy and the
 * pull's credentials. Docker's own rule (distribution/reference, `splitDockerDomain`): the part before
 * the first `/` is a registry host when it holds a `.` or a `:`, is `localhost`, or holds an upper-case
 * letter, since repository names are lower case. So `LOCALHOST/x` and `Foo/x` name hosts the engine
 * contacts, and must be judged as such (issue 18: judged docker.io, they passed the private-address
 * check). `index.docker.io` is Docker Hub's old name.
 */
export function registryOf(image: string): string {
  const slash = image.indexOf('/');
  if (slash === -1) return 'docker.io';
  const first = image.slice(0, slash);
  if (!/[.:A-Z]/.test(first) && first !== 'localhost') return 'docker.io';
  return first === 'index.docker.io' ? 'docker.io' : first;
}

/** Checks a container submission's fields; the error names the field (§5: one clear message each). */
export function checkContainerRequest(request: {
  image: string;
  username?: string;
  password?: string;
  configPath?: string;
}): { image: string; credentials: { username: string; password: string } | null; configPath: string } {
  const image = request.image.trim();
  if (image.length === 0 || image.length > 255 || !imagePattern.test(image))
    throw scoringErrors.imageReferenceInvalid({
      data: { field: 'image' },
    });
  const username = request.username?.trim() ?? '';
  const password = request.password ?? '';
  if (password && !username)
    throw scoringErrors.imageUsernameRequired({
      data: { field: 'username' },
    });
  if (username.length > 200 || password.length > 200)
    throw scoringErrors.imageCredentialsTooLong({
      data: { field: username.length > 200 ? 'username' : 'password' },
    });
  const configPath = request.configPath?.trim() || defaultConfigPath;
  if (
    configPath.length > 200 ||
    !/^\/app\/[A-Za-z0-9._\-/]+$/.test(configPath) ||
    configPath.split('/').some((part) => part === '..' || part === '.')
  )
    throw scoringErrors.configPathInvalid({
      data: { field: 'configPath' },
    });
  return { image, credentials: username ? { username, password } : null, configPath };
}
