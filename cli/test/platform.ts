/**
 * A real platform for the CLI's tests: every service in one process on a fresh PostgreSQL database,
 * listening on a loopback port; a competition whose preliminary phase is open, with ground truth and a
 * documentation file; participants signed in through the API who make their own tokens as on /user.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { competitionService } from '@sais/competition';
import { identity as I, systemMetadata } from '@sais/events';
import { Accounts, identityService } from '@sais/identity';
import { platformForTest } from '@sais/kit/testing';
import { GroundTruths, SplitKeys, scoringService } from '@sais/scoring';
import { teamService } from '@sais/team';
import { build } from 'esbuild';
import { sql } from 'kysely';

const day = 86_400_000;
export const truthCsv =
  'id,yield\n' + Array.from({ length: 20 }, (_, i) => `r${i},${i * 5}`).join('\n') + '\n';
export const resultCsv = (offset: number) =>
  'id,yield\n' + Array.from({ length: 20 }, (_, i) => `r${i},${i * 5 + offset}`).join('\n') + '\n';

export async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export type Harness = Awaited<ReturnType<typeof startPlatform>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { code: number; message: string; data: any };
/** Someone signed in on the portal (cookie kept by `web`). */
interface Person {
  accountId: string;
  web: (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => Promise<Answer>;
}

export async function startPlatform(env: NodeJS.ProcessEnv = {}) {
  const harness = await platformForTest(
    [identityService, competitionService, teamService, scoringService],
    'cli',
    // Container submissions are taken, and not run (no container runner in this process).
    { env: { SCORING_SIGNAL_SCAN: 'off', SCORING_RUNNER: 'off', ...env } },
  );
  const { platform } = harness;
  const origin = (await platform.app.listen({ port: 0, host: '127.0.0.1' })).replace(
    'localhost',
    '127.0.0.1',
  );
  const db = platform.database.db;
  const accounts = new Accounts(db, platform.stores.get('identity')!, undefined as never, undefined as never);

  /** A signed-in browser-like caller (cookie kept). */
  function browser() {
    let cookie = '';
    return async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
      const json = body !== undefined && !(body instanceof FormData);
      const response = await fetch(new URL(path, origin), {
        method,
        headers: {
          'accept-language': 'en',
          ...(cookie ? { cookie } : {}),
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as FormData) }),
      });
      cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (await response.json()) as { code: number; message: string; data: any };
    };
  }

  async function person(roles: ('operator' | 'reviewer' | 'admin')[] = []) {
    const username = `cli${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const accountId = await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles },
      systemMetadata(),
    );
    const web = browser();
    const login = await web('POST', '/api/user/login', { username, password: 'Secret1234' });
    if (login.code !== 0) throw new Error(`sign-in failed: ${login.message}`);
    /** A token made as on /user: the signed-in holder asks for it and copies the secret once. */
    const token = async (scopes: string[] = ['read', 'submit', 'team'], name = 'cli test') => {
      const made = await web('POST', '/api/user/tokens/create', { name, scopes, expiresInDays: 30 });
      if (made.code !== 0) throw new Error(`token: ${made.message}`);
      return made.data as { token: string; tokenId: string };
    };
    return { username, accountId, web, token };
  }

  let admin: Promise<Person> | undefined;

  /**
   * A competition created on the console, preliminary phase open now, rmse ground truth. An admin creates it,
   * since only an admin lets one operator publish the final results of a prize competition (issue 19).
   */
  async function openCompetition(
    _operator: Person,
    title = 'CLI Cup',
    truth = truthCsv,
    submissionKinds = ['result-file'],
    /** More settings (a slug, agreements, the prize). */
    extra: Record<string, unknown> = {},
    /** The ground truth's secondary metrics (decision 0046). */
    secondaryMetrics: string[] = [],
  ) {
    admin ??= person(['admin']);
    const created = await (
      await admin
    ).web('POST', '/api/admin/competitions', {
      title: { en: title, 'zh-CN': `${title}（中文）` },
      description: { en: 'A competition for the CLI tests', 'zh-CN': '命令行测试用比赛' },
      type: 'Algorithm',
      bonus: 1000,
      season: '2027',
      sponsors: [],
      timeZone: 'Asia/Shanghai',
      teamSizeLimit: 3,
      teamFormingAttempts: 3,
      dailySubmissionLimit: 20,
      submissionKinds,
      teamMergeDeadline: null,
      agreements: [],
      // One operator publishes final results here (the seal test); prize competitions need two.
      finalResultsApproval: 'one-operator',
      phases: [
        {
          phase: 'preliminary',
          startsAt: new Date(Date.now() - day).toISOString(),
          endsAt: new Date(Date.now() + 30 * day).toISOString(),
        },
      ],
      ...extra,
    });
    if (created.code !== 0) throw new Error(`create: ${created.message}`);
    const competitionId = created.data.id as string;
    await eventually(async () => {
      const found =
        await sql`select 1 from scoring.competitions where competition_id = ${competitionId}`.execute(db);
      return found.rows.length > 0 ? true : undefined;
    }, 'the competition mirror');
    await new GroundTruths(db, platform.stores.get('scoring')!, () => SplitKeys.load(platform.config)).upload(
      competitionId,
      'rmse',
      50,
      Buffer.from(truth),
      systemMetadata(),
      // Published with the split key after the last phase, so a participant recomputes their scores.
      { revealGroundTruth: true, secondaryMetrics },
    );
    return competitionId;
  }

  /** An operator attaches a file through the console's API. */
  async function attachFile(
    operator: Person,
    competitionId: string,
    name: string,
    bytes: Buffer,
    kind = 'document',
  ) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), name);
    const added = await operator.web('POST', `/api/admin/competitions/${competitionId}/files`, form);
    if (added.code !== 0) throw new Error(`attach: ${added.message}`);
    return added.data;
  }

  /**
   * A participant whose real name a reviewer approved (the approval event, as the review records it)
   * signs up on the portal, and the other services learn of it.
   */
  async function signUp(competitionId: string, who: Person) {
    await verify(who);
    const signed = await who.web('POST', '/api/race/signUp', { competitionId, agreements: [] });
    if (signed.code !== 0) throw new Error(`sign-up: ${signed.message}`);
    await signedUpEverywhere(competitionId, who);
  }

  /** Scoring has heard of the sign-up. */
  async function signedUpEverywhere(competitionId: string, who: Person) {
    await eventually(async () => {
      const found = await sql`select 1 from scoring.registrations
        where competition_id = ${competitionId} and account_id = ${who.accountId}`.execute(db);
      return found.rows.length > 0 ? true : undefined;
    }, 'the sign-up mirror');
  }

  /** A reviewer approved the person's real name (the approval event, as the review records it). */
  async function verify(who: Person) {
    await platform.stores.get('identity')!.append(
      I.IdentityVerificationApproved.aggregate,
      `verification-${who.accountId}`,
      'any',
      [
        {
          type: I.IdentityVerificationApproved.type,
          data: { verificationId: randomUUID(), accountId: who.accountId, reviewerId: randomUUID() },
        },
      ],
      systemMetadata(),
    );
    await eventually(async () => {
      const found = await sql`select 1 from competition.verified_users
        where account_id = ${who.accountId}`.execute(db);
      return found.rows.length > 0 ? true : undefined;
    }, 'the verified-user mirror');
  }

  return {
    ...harness,
    origin,
    db,
    person,
    openCompetition,
    attachFile,
    signUp,
    verify,
    signedUpEverywhere,
  };
}

/**
 * A TCP server on a free loopback port for a relay in front of the platform: `relay` is given each
 * connection and `track`, for the sockets it opens; `close` drops every one of them and stops.
 */
async function relayServer(relay: (downstream: Socket, track: (socket: Socket) => void) => void) {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => void sockets.add(socket);
  const server: Server = createServer((downstream) => {
    track(downstream);
    relay(downstream, track);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A TCP relay in front of the platform that, while `cutting`, goes dead once `budget` bytes of request
 * data went through (every connection dropped from then on), as a link that fails for a while would;
 * `forwarded` counts what went through.
 */
export async function flakyLink(target: number, budget: number) {
  const state = { cutting: true, forwarded: 0 };
  const server = await relayServer((downstream, track) => {
    const upstream = connect(target, '127.0.0.1');
    track(upstream);
    downstream.on('data', (chunk: Buffer) => {
      if (state.cutting && state.forwarded + chunk.length > budget) {
        downstream.destroy();
        upstream.destroy();
        return;
      }
      state.forwarded += chunk.length;
      if (!upstream.write(chunk)) {
        downstream.pause();
        upstream.once('drain', () => downstream.resume());
      }
    });
    upstream.on('data', (chunk: Buffer) => downstream.write(chunk));
    for (const [from, to] of [
      [downstream, upstream],
      [upstream, downstream],
    ] as const) {
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  return Object.assign(state, server);
}

/**
 * A TCP relay in front of the platform that holds every connection until `release()`: what the `sais`
 * command sends waits there, so a test can put the platform in a state (a spent rate limit) the moment
 * before the request arrives, however long the command took to start on a busy machine. `arrived`
 * resolves at the first connection.
 */
export async function heldLink(target: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const server = await relayServer((downstream, track) => {
    downstream.pause();
    downstream.on('error', () => downstream.destroy());
    arrive();
    void released.then(() => {
      if (downstream.destroyed) return;
      const upstream = connect(target, '127.0.0.1');
      track(upstream);
      upstream.on('error', () => downstream.destroy());
      downstream.on('close', () => upstream.destroy());
      upstream.on('close', () => downstream.destroy());
      downstream.pipe(upstream).pipe(downstream);
    });
  });
  return { ...server, arrived, release: () => release() };
}

/** The command as installed (`bin` in cli/package.json): it runs the TypeScript through tsx. */
export const saisBin = join(import.meta.dirname, '..', 'bin', 'sais.mjs');

let bundled: Promise<string> | undefined;
/**
 * The same command from the same sources, bundled once per test file by esbuild into one JavaScript file:
 * a process starts in ~0.2 s instead of ~1 s through tsx, which the CLI's tests pay about a hundred times
 * (issue 31). What runs is `src/main.ts` as the bin runs it; one test still goes through the bin itself.
 */
export function saisBundle(): Promise<string> {
  bundled ??= (async () => {
    const outfile = join(await mkdtemp(join(tmpdir(), 'sais-cli-bundle-')), 'sais.mjs');
    await build({
      stdin: {
        contents: "import { main } from './src/main.ts';\nprocess.exitCode = await main(process.argv);\n",
        resolveDir: join(import.meta.dirname, '..'),
        sourcefile: 'sais-bundle-entry.ts',
        loader: 'ts',
      },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      // The bundled CommonJS packages call require(): give the ES module one.
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    return outfile;
  })();
  return bundled;
}

/** Runs the real `sais` command as a user would, in its own process (`bin: saisBin` for the bin itself). */
export async function sais(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  options: {
    cwd?: string;
    timeoutMs?: number;
    input?: string;
    bin?: string;
    /** Each piece of standard error as it comes (the whole text is in the answer too). */
    onStderr?: (text: string) => void;
  } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const home = options.cwd ?? (await mkdtemp(join(tmpdir(), 'sais-cli-home-')));
  const bin = options.bin ?? (await saisBundle());
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      {
        cwd: home,
        timeout: options.timeoutMs ?? 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: home,
          SAIS_CONFIG: join(home, 'config.json'),
          LANG: 'en_US.UTF-8',
          ...env,
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 99) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (options.onStderr)
      child.stderr?.on('data', (chunk: Buffer | string) => options.onStderr!(String(chunk)));
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}
