import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { scoring } from '@sais/events';
import { pullError } from '../src/containers/docker-runner.ts';
import { checkContainerRequest, registryOf } from '../src/containers/reference.ts';
import { isRefusedAddress, judgeRegistry } from '../src/containers/registry-policy.ts';

/** A resolver answering from a table, as a participant's DNS name pointing inside would. */
const dns = (table: Record<string, string[]>) => async (host: string) => {
  const answer = table[host];
  if (!answer) throw new Error(`ENOTFOUND ${host}`);
  return answer;
};

describe('container images as a port scanner (finding 2)', () => {
  it('refuses registries on loopback, private, link-local and this host’s addresses', async () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
    const images = [
      '127.0.0.1:2375/probe:1',
      '127.9.9.9:22/probe',
      'localhost:5432/probe:1',
      'registry.localhost/probe',
      '10.0.0.5:6379/probe',
      '172.17.0.1:2375/probe',
      '192.168.1.1:80/probe',
      '169.254.169.254/latest/meta-data',
      '100.64.0.1/probe',
      '0.0.0.0:8080/probe',
      ...(own ? [`${own}:8080/probe`] : []),
    ];
    for (const image of images) expect((await judgeRegistry(image, [], dns({}))).allowed, image).toBe(false);
  });

  it('resolves names: one pointing inside is refused, however it is written', async () => {
    const resolve = dns({
      'inside.example': ['203.0.113.5', '10.1.2.3'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'hex.example': ['::ffff:a9fe:a9fe'],
      'v6local.example': ['fd00::1'],
      'public.example': ['203.0.113.5', '2001:db8::1'],
    });
    expect(await judgeRegistry('inside.example/team/model:v1', [], resolve)).toEqual({
      allowed: false,
      registry: 'inside.example',
      address: '10.1.2.3',
    });
    for (const host of ['mapped.example', 'hex.example', 'v6local.example'])
      expect((await judgeRegistry(`${host}/m`, [], resolve)).allowed, host).toBe(false);
    expect(await judgeRegistry('public.example/team/model:v1', [], resolve)).toEqual({ allowed: true });
    // Docker Hub, and a name that does not resolve (its pull fails with its own reason), pass.
    expect(await judgeRegistry('library/busybox:1', [], resolve)).toEqual({ allowed: true });
    expect(await judgeRegistry('nowhere.example/m', [], resolve)).toEqual({ allowed: true });
  });

  it('reads the registry as Docker does: upper case in the first part names a host', () => {
    // distribution/reference: a host holds '.' or ':', is 'localhost', or holds an upper-case letter.
    expect(registryOf('LOCALHOST/x')).toBe('LOCALHOST');
    expect(registryOf('LocalHost:5000/team/x:1')).toBe('LocalHost:5000');
    expect(registryOf('Foo/x')).toBe('Foo');
    expect(registryOf('fOO/bar/x@sha256:' + 'a'.repeat(64))).toBe('fOO');
    expect(registryOf('localhost:5000/x')).toBe('localhost:5000');
    expect(registryOf('localhost/x')).toBe('localhost');
    expect(registryOf('registry.example/team/x:1')).toBe('registry.example');
    expect(registryOf('docker.io/library/x')).toBe('docker.io');
    expect(registryOf('index.docker.io/library/x')).toBe('docker.io');
    expect(registryOf('team/x:1')).toBe('docker.io');
    expect(registryOf('x')).toBe('docker.io');
    expect(registryOf('x:1')).toBe('docker.io');
    // The submission check takes these references (the repository part is lower case), so the policy sees them.
    for (const image of ['LOCALHOST/probe', 'Foo/x', 'SOMEHOST:2375/probe:1'])
      expect(checkContainerRequest({ image }).image).toBe(image);
    expect(() => checkContainerRequest({ image: 'foo/X' })).toThrow();
  });

  it('refuses upper-case spellings of loopback and of names that point inside', async () => {
    const resolve = dns({ somehost: ['10.9.8.7'], 'public-host': ['203.0.113.7'] });
    for (const image of [
      'LOCALHOST/probe',
      'LocalHost:5432/probe:1',
      'LOCALHOST.:2375/probe',
      'REGISTRY.LOCALHOST/x',
    ])
      expect((await judgeRegistry(image, [], resolve)).allowed, image).toBe(false);
    expect(await judgeRegistry('LOCALHOST/probe', [], resolve)).toMatchObject({ registry: 'LOCALHOST' });
    expect(await judgeRegistry('SOMEHOST/probe', [], resolve)).toEqual({
      allowed: false,
      registry: 'SOMEHOST',
      address: '10.9.8.7',
    });
    expect(await judgeRegistry('SomeHost:5000/team/probe:1', [], resolve)).toMatchObject({ allowed: false });
    // A host on the competition's allow list is taken in any case; a public one is; Docker Hub is.
    expect(await judgeRegistry('SOMEHOST/probe', ['somehost'], resolve)).toEqual({ allowed: true });
    expect(await judgeRegistry('Public-Host/team/x', [], resolve)).toEqual({ allowed: true });
    expect(await judgeRegistry('docker.io/library/x', [], resolve)).toEqual({ allowed: true });
    expect(await judgeRegistry('x', [], resolve)).toEqual({ allowed: true });
  });

  it('lets an operator allow one registry (host:port) for a competition, and only that one', async () => {
    const allowed = ['127.0.0.1:41234'];
    expect((await judgeRegistry('127.0.0.1:41234/team/model:1', allowed, dns({}))).allowed).toBe(true);
    expect((await judgeRegistry('127.0.0.1:41235/team/model:1', allowed, dns({}))).allowed).toBe(false);
    expect(isRefusedAddress('8.8.8.8')).toBe(false);
  });

  it('tells participants a fixed reason, whatever the engine said about the port it reached', () => {
    const engine = [
      'dial tcp 203.0.113.9:22: connect: connection refused',
      'Get "https://203.0.113.9:22/v2/": net/http: HTTP/1.x transport connection broken: malformed HTTP response "SSH-2.0-OpenSSH_9.2"',
      'Get "https://203.0.113.9:6379/v2/": http: server gave HTTP response to HTTPS client',
      'Get "https://203.0.113.9:81/v2/": dial tcp 203.0.113.9:81: i/o timeout',
    ].map((message) => pullError(new Error(message), '203.0.113.9:22/x:1', false));
    expect(new Set(engine.map((verdict) => JSON.stringify(verdict))).size).toBe(1);
    expect(engine[0]).toEqual({ key: 'imageNotPullable', params: { image: '203.0.113.9:22/x:1' } });
    expect(scoring.fileRefusalText(engine[0]!, 'en')).not.toMatch(/refused|SSH|HTTPS|timeout/);
    expect(pullError(new Error('manifest unknown'), 'r.example/x:1', false).key).toBe('imageNotFound');
    const unauthorized = pullError(new Error('unauthorized: authentication required'), 'r.example/x:1', true);
    expect(scoring.fileRefusalText(unauthorized, 'en')).toMatch(/refused the username and password/);
    expect(scoring.fileRefusalText(unauthorized, 'zh-CN')).toBe(
      '镜像仓库拒绝了 r.example/x:1 的用户名和密码（未授权）；请检查后重新提交。',
    );
  });
});
