import { competition, identity, scoring } from '@sais/events';
import { Command, CommanderError, Option } from 'commander';
import { Api, NetworkError, PlatformError, UsageError } from './api.ts';
import { listCompetitions, resolveCompetition, showCompetition, signUp } from './commands/competitions.ts';
import { downloadFiles, listFiles } from './commands/files.ts';
import { leaderboard } from './commands/leaderboard.ts';
import {
  cancelSubmission,
  downloadSample,
  finalSelect,
  listSubmissions,
  quota,
  showSubmission,
  submit,
} from './commands/submissions.ts';
import {
  applyToTeam,
  cancelApplication,
  createTeam,
  disbandTeam,
  handleApplication,
  leaveTeam,
  removeMember,
  renameTeam,
  showTeam,
  transferOwner,
} from './commands/team.ts';
import { type ContainerOptions, submitContainer } from './commands/container.ts';
import { verifyProof, verifySeal } from './commands/verify.ts';
import { verifyScore } from './commands/verify-score.ts';
import { listWriteUps, showWriteUp, submitWriteUp } from './commands/writeups.ts';
import { defaultUrl, readConfig, writeConfig } from './config.ts';
import { pickLanguage } from './i18n.ts';
import { type Context, emit, makeF, makeT } from './output.ts';

interface GlobalOptions {
  url?: string;
  token?: string;
  lang?: string;
  json?: boolean;
}

/** Exit codes (docs/cli.md): 0 ok, 1 refused by the platform, 2 usage, 3 network. */
export const exitCodes = { ok: 0, refused: 1, usage: 2, network: 3 } as const;

/**
 * Runs `sais` with `argv` (as process.argv): URL and token from the flags, else SAIS_URL / SAIS_TOKEN,
 * else the config file `sais login` wrote. Answers the exit code.
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const out = (line: string) => void process.stdout.write(line.endsWith('\n') ? line : `${line}\n`);
  const err = (line: string) => void process.stderr.write(line.endsWith('\n') ? line : `${line}\n`);
  let code: number = exitCodes.ok;
  const stored = await readConfig(env);

  const contextOf = (command: Command): Context => {
    const options = command.optsWithGlobals<GlobalOptions>();
    const language = pickLanguage(options.lang, env);
    const api = new Api({
      url: options.url ?? env.SAIS_URL ?? stored.url ?? defaultUrl,
      token: options.token ?? env.SAIS_TOKEN ?? stored.token,
      language,
      note: err,
    });
    return {
      api,
      language,
      json: Boolean(options.json),
      out,
      err,
      interactive: Boolean(process.stderr.isTTY),
      t: makeT(language),
      f: makeF(language),
      env,
    };
  };
  /** A command's action with its context; a number it answers is the exit code. */
  const run =
    <A extends unknown[]>(action: (context: Context, ...args: A) => Promise<number | void>) =>
    async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const result = await action(contextOf(command), ...(args.slice(0, -1) as A));
      if (typeof result === 'number') code = result;
    };
  /**
   * A command whose first argument is a competition: its id or its slug (decision 0036), the slug
   * looked up once before the command runs.
   */
  const runOn =
    <A extends unknown[]>(
      action: (context: Context, competitionId: string, ...args: A) => Promise<number | void>,
    ) =>
    async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const context = contextOf(command);
      const competitionId = await resolveCompetition(context, args[0] as string);
      const result = await action(context, competitionId, ...(args.slice(1, -1) as A));
      if (typeof result === 'number') code = result;
    };

  const program = new Command('sais')
    .description('The SAIS competition platform from the command line (docs/cli.md)')
    .version('0.1.0')
    .exitOverride()
    .showHelpAfterError()
    .option('--url <address>', 'platform address (SAIS_URL; default http://127.0.0.1:8080)')
    .option('--token <token>', 'personal access token (SAIS_TOKEN; or `sais login`)')
    .addOption(new Option('--lang <language>', 'zh-CN or en (default from LANG)').choices(['zh-CN', 'en']))
    .option('--json', 'machine-readable output');

  program
    .command('login')
    .description('save the platform address and a token in the config file (mode 0600)')
    .option('--token <token>', 'a personal access token from your user page')
    .action(
      run(async (context: Context, options: { token?: string }) => {
        const all = program.opts<GlobalOptions>();
        const token = options.token ?? all.token;
        if (!token) throw new UsageError(context.t('noToken'));
        if (!token.startsWith(identity.tokenPrefix)) throw new UsageError(context.t('badToken'));
        const url = all.url ?? env.SAIS_URL ?? stored.url ?? defaultUrl;
        const api = new Api({ ...context.api.options, url, token });
        const me = await api.get<identity.responses.UserDetail>('/api/user/detail');
        const path = await writeConfig(env, { url, token });
        emit(context, { username: me.username, url, config: path }, () =>
          context.t('loggedIn', { user: me.username, path }),
        );
      }),
    );
  program
    .command('whoami')
    .description('who the token belongs to, and its scopes')
    .action(
      run(async (context) => {
        const me = await context.api.get<identity.responses.UserDetail>('/api/user/detail');
        emit(
          context,
          me,
          () => `${me.username} (${me.userId}) scopes: ${me.token?.scopes.join(', ') ?? '-'}`,
        );
      }),
    );

  const competitions = program.command('competitions').description('competitions');
  competitions
    .command('list')
    .description('every competition')
    .addOption(new Option('--status <status>').choices(['Not Started', 'Active', 'Completed']))
    .option('--type <type>', 'e.g. Algorithm')
    .option('--season <season>')
    .option('-s, --search <words>', 'words in the title, slug or description (either language)')
    .addOption(
      new Option('--sort <order>', 'created (default), newest, prize, deadline or title').choices([
        ...competition.requests.competitionSorts,
      ]),
    )
    .action(
      run(
        (
          context,
          options: { status?: string; type?: string; season?: string; search?: string; sort?: string },
        ) => listCompetitions(context, options),
      ),
    );
  competitions
    .command('show <competition>')
    .description('one competition (by id or slug): phases, limits, description')
    .action(runOn((context, id) => showCompetition(context, id)));
  program
    .command('signup <competition>')
    .description('sign up for a competition (verified accounts), accepting its agreements with --accept')
    .option('--accept', 'accept the competition’s agreements (listed when left out)')
    .action(runOn((context, id, options: { accept?: boolean }) => signUp(context, id, options)));
  program
    .command('cancel <submission>')
    .description('cancel my team’s submission that is still waiting (its allowance is given back)')
    .action(run((context, id: string) => cancelSubmission(context, id)));
  program
    .command('sample <competition>')
    .description('download the sample submission (every test id, a placeholder value)')
    .option('-o, --output <path>', 'where to write it (default: stdout)')
    .action(
      runOn((context, id, options: { output?: string }) => downloadSample(context, id, options.output)),
    );

  const files = program.command('files').description('documentation files and datasets');
  files.command('list <competition>').action(runOn((context, id) => listFiles(context, id)));
  files
    .command('download <competition> [file]')
    .description(
      'download one file (name or id) or every one you may; resumes with HTTP Range, checks SHA-256',
    )
    .option('-o, --output <dir>', 'directory', '.')
    .action(
      runOn((context, id, file: string | undefined, options: { output: string }) =>
        downloadFiles(context, id, file, options.output),
      ),
    );

  program
    .command('submit <competition>')
    .description('submit a result file (CSV: multipart up to 20 MB, resumable upload up to 100 MB)')
    .requiredOption('-f, --file <path>', 'the CSV')
    .option(
      '-m, --message <text>',
      `a message kept with the submission (at most ${scoring.submissionDescriptionMax} characters)`,
    )
    .option('--resumable', 'use the resumable upload (tus) whatever the size')
    .option('--wait', 'follow the status until it ends; print the score or the log')
    .option('--timeout <seconds>', 'how long --wait waits', (v) => Number(v), 600)
    .option('--interval <seconds>', 'how often --wait asks', (v) => Number(v), 2)
    .action(
      runOn(
        (
          context,
          id,
          options: { file: string; message?: string; wait?: boolean; timeout: number; interval: number },
        ) => submit(context, id, options),
      ),
    );
  program
    .command('container <competition>')
    .description('submit code as a container image the platform pulls, runs and scores')
    .requiredOption('--image <ref>', 'e.g. docker.io/me/model:1')
    .option('--username <name>', 'registry user name (private images)')
    .option('--password-stdin', 'read the registry password from stdin')
    .option('--config <path>', 'the command the platform runs in the image (default /app/run.sh)')
    .option(
      '-m, --message <text>',
      `a message kept with the submission (at most ${scoring.submissionDescriptionMax} characters)`,
    )
    .option('-y, --yes', 'stop the team’s previous run if it is still going, without asking')
    .option(
      '--smoke',
      'a smoke run: on the competition’s smoke split, with the whole log; uses none of the day’s submissions (its own daily cap), never ranked',
    )
    .action(runOn((context, id, options: ContainerOptions) => submitContainer(context, id, options)));
  program
    .command('submissions <competition>')
    .description('my team’s submissions (the private score once final results are published)')
    .option('--csv', 'as CSV')
    .action(runOn((context, id, options: { csv?: boolean }) => listSubmissions(context, id, options)));
  program
    .command('submission <id>')
    .description('one of my submissions')
    .option('--competition <competition>', 'look in this competition only')
    .option('--log', 'print its log only')
    .option('--file', 'download the submitted file (stdout, or -o)')
    .option('-o, --output <path>', 'where --file writes')
    .action(
      run(
        (
          context,
          id: string,
          options: { competition?: string; log?: boolean; file?: boolean; output?: string },
        ) => showSubmission(context, id, options),
      ),
    );
  program
    .command('quota <competition>')
    .description('submissions left today')
    .action(runOn((context, id) => quota(context, id)));
  program
    .command('final-select <competition> [submission...]')
    .description('choose up to 2 final submissions of a phase (none: the default, the 2 best public)')
    .option('--phase <phase>')
    .action(
      runOn((context, id, ids: string[] | undefined, options: { phase?: string }) =>
        finalSelect(context, id, ids ?? [], options.phase),
      ),
    );
  program
    .command('leaderboard <competition>')
    .description('the public leaderboard (or the private one once published)')
    .option('--private', 'the private leaderboard')
    .option('--phase <phase>', 'a phase other than the current one')
    .option('--csv', 'as CSV')
    .option(
      '--as-of <time>',
      'the board as it was at a past time, e.g. 2027-04-01T12:00:00+08:00 (to the minute)',
    )
    .action(
      runOn((context, id, options: { private?: boolean; phase?: string; csv?: boolean; asOf?: string }) =>
        leaderboard(context, id, options),
      ),
    );

  program
    .command('verify-seal <competition> [phase]')
    .description('recompute the published private leaderboard’s SHA-256 and compare it with its seal')
    .action(runOn((context, id, phase: string | undefined) => verifySeal(context, id, phase)));
  program
    .command('verify-proof <submission>')
    .description('check that my score’s record is in a signed checkpoint of the scoring log')
    .option('--key <key>', 'the platform’s published verifier key (SAIS_TRANSPARENCY_KEY)')
    .action(
      run((context, id: string, options: { key?: string }) =>
        verifyProof(context, id, options.key ?? env.SAIS_TRANSPARENCY_KEY),
      ),
    );

  program
    .command('verify-score <submission>')
    .description(
      'after final publication: recompute my public and private scores here from the revealed ground truth and split key, and compare them with the signed record',
    )
    .option('--file <path>', 'my own copy of the submitted file (default: the platform’s copy)')
    .option('--key <key>', 'the platform’s published verifier key (SAIS_TRANSPARENCY_KEY)')
    .action(
      run((context, id: string, options: { file?: string; key?: string }) =>
        verifyScore(context, id, { file: options.file, key: options.key ?? env.SAIS_TRANSPARENCY_KEY }),
      ),
    );

  const writeUp = program.command('writeup').description('write-ups of the prize places (decision 0047)');
  writeUp
    .command('list <competition>')
    .description('every opened phase’s write-ups: rank, team, title, id')
    .action(runOn((context, id) => listWriteUps(context, id)));
  writeUp
    .command('show <writeUpId>')
    .description('one write-up’s facts and Markdown; its SHA-256 checked here')
    .action(run((context, id: string) => showWriteUp(context, id)));
  writeUp
    .command('submit <competition>')
    .description('submit or replace my team’s write-up (prize places only)')
    .requiredOption('--phase <phase>', 'the published phase')
    .requiredOption('--title <title>', 'the title')
    .requiredOption('--body <file>', 'a Markdown file')
    .option('--file <file...>', 'up to three attached files')
    .action(
      runOn((context, id, options: { phase: string; title: string; body: string; file?: string[] }) =>
        submitWriteUp(context, id, options),
      ),
    );

  const team = program.command('team').description('teams');
  team.command('show <competition>').action(runOn((context, id) => showTeam(context, id)));
  team
    .command('create <competition> <name>')
    .action(runOn((context, id, name: string) => createTeam(context, id, name)));
  team
    .command('rename <competition> <name>')
    .action(runOn((context, id, name: string) => renameTeam(context, id, name)));
  team
    .command('apply <teamId>')
    .description('ask to join a team')
    .action(run((context, teamId: string) => applyToTeam(context, teamId)));
  team
    .command('leave <competition>')
    .description('ask the owner to let you leave')
    .action(runOn((context, id) => leaveTeam(context, id)));
  team
    .command('accept <applicationId>')
    .description('owner: agree to an application')
    .action(run((context, applicationId: string) => handleApplication(context, applicationId, true)));
  team
    .command('reject <applicationId>')
    .description('owner: reject an application')
    .action(run((context, applicationId: string) => handleApplication(context, applicationId, false)));

  team
    .command('cancel <applicationId>')
    .description('withdraw my pending join or leave application')
    .action(run((context, applicationId: string) => cancelApplication(context, applicationId)));
  team
    .command('remove <competition> <userId>')
    .description('owner: remove a member')
    .action(runOn((context, id, userId: string) => removeMember(context, id, userId)));
  team
    .command('transfer <competition> <userId>')
    .description('owner: hand the team to another member')
    .action(runOn((context, id, userId: string) => transferOwner(context, id, userId)));
  team
    .command('disband <competition>')
    .description('owner: dissolve the team')
    .action(runOn((context, id) => disbandTeam(context, id)));

  try {
    await program.parseAsync(argv);
    return code;
  } catch (error) {
    if (error instanceof CommanderError)
      return error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.exitCode === 0
        ? exitCodes.ok
        : exitCodes.usage;
    if (error instanceof PlatformError) {
      err(error.message);
      return exitCodes.refused;
    }
    if (error instanceof UsageError) {
      err(error.message);
      return exitCodes.usage;
    }
    if (error instanceof NetworkError) {
      err(error.message);
      return exitCodes.network;
    }
    throw error;
  }
}
