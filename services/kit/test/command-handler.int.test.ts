import { randomUUID } from 'node:crypto';
import { errorCodes } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppError,
  ConcurrencyError,
  type Database,
  type Db,
  EventStore,
  NotFoundError,
  type StreamDecider,
  eventStoreMigrations,
  handleCommand,
  migrateSchema,
} from '../src/index.ts';
import {
  accountRegistered,
  deciderSpec,
  freshDatabase,
  metadata,
  profileUpdated,
} from '../src/testing/index.ts';

// A small decider on identity's account stream (version 1 events need no personal-data keys).
type Event = { type: string; data: { accountId: string; changes?: { nickname?: string } } };
type Command =
  { type: 'Register'; accountId: string } | { type: 'Rename'; accountId: string; nickname: string };
type State = { status: 'none' } | { status: 'registered'; nickname: string | null };

const initialState: State = { status: 'none' };
function evolve(state: State, event: Event): State {
  if (event.type === 'identity.AccountRegistered') return { status: 'registered', nickname: null };
  if (state.status === 'none') return state;
  return { status: 'registered', nickname: event.data.changes?.nickname ?? state.nickname };
}
function decide(command: Command, state: State): Event[] {
  switch (command.type) {
    case 'Register':
      if (state.status !== 'none') throw new AppError(errorCodes.conflict, 'usernameTaken', 409);
      return [accountRegistered(command.accountId)];
    case 'Rename':
      if (state.status === 'none') throw new NotFoundError();
      return state.nickname === command.nickname ? [] : [profileUpdated(command.accountId, command.nickname)];
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}
const account: StreamDecider<Command, State, Event> = {
  streamType: 'identity.account',
  initialState,
  evolve,
  decide: (command, state) => decide(command, state),
};

describe('handleCommand: read → fold → decide → append', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: EventStore;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase('handler'));
    await migrateSchema(database.db, 'identity', eventStoreMigrations('identity'));
    await sql`create table identity.handled (stream_id text primary key, nickname text)`.execute(database.db);
    store = new EventStore(database.db, 'identity');
  });
  afterAll(() => drop());

  const types = async (streamId: string) =>
    (await store.readStream(streamId)).map((e) => [e.type, e.streamVersion]);

  /**
   * Given these events in a new stream, when the handler runs this command: the handler appends what the
   * pure decider answers (its own given/when/then agrees), or refuses as it does and appends nothing.
   */
  function given(history: Event[]) {
    const accountId = randomUUID();
    const seed = async () => {
      if (history.length > 0)
        await store.append('identity.account', accountId, 'no_stream', history, metadata());
    };
    return {
      accountId,
      when: (command: (id: string) => Command, options?: Parameters<typeof handleCommand>[5]) => ({
        then: async (expected: Event[]) => {
          deciderSpec({ initialState, evolve, decide })(history).when(command(accountId)).then(expected);
          await seed();
          const result = await handleCommand(
            store,
            account,
            accountId,
            command(accountId),
            metadata(),
            options,
          );
          expect(result.events.map((e) => ({ type: e.type, version: e.version, data: e.data }))).toEqual(
            expected,
          );
          expect(result.version).toBe(history.length + expected.length);
          return result;
        },
        thenThrows: async (messageKey: string) => {
          deciderSpec({ initialState, evolve, decide })(history)
            .when(command(accountId))
            .thenThrows(messageKey);
          await seed();
          await expect(
            handleCommand(store, account, accountId, command(accountId), metadata(), options),
          ).rejects.toThrow(messageKey);
          expect(await store.readStream(accountId)).toHaveLength(history.length);
        },
      }),
    };
  }

  it('appends a new stream at version 1 and answers the state it leads to', async () => {
    const spec = given([]);
    const result = await spec
      .when((id) => ({ type: 'Register', accountId: id }))
      .then([accountRegistered(spec.accountId)]);
    expect(result.state).toEqual({ status: 'registered', nickname: null });
    expect(await types(spec.accountId)).toEqual([['identity.AccountRegistered', 1]]);
  });

  it('appends after the events it folded, at the version it read', async () => {
    const accountId = randomUUID();
    const spec = given([accountRegistered(accountId)]);
    const result = await spec
      .when(() => ({ type: 'Rename', accountId, nickname: 'Ada' }))
      .then([profileUpdated(accountId, 'Ada')]);
    expect(result.state).toEqual({ status: 'registered', nickname: 'Ada' });
    expect(await types(spec.accountId)).toEqual([
      ['identity.AccountRegistered', 1],
      ['identity.ProfileUpdated', 2],
    ]);
  });

  it('refuses as the decider does and appends nothing', async () => {
    await given([])
      .when((id) => ({ type: 'Rename', accountId: id, nickname: 'Ada' }))
      .thenThrows('notFound');
  });

  it('writes the rows alongside in the same transaction, with the events and the state after them', async () => {
    const accountId = randomUUID();
    await store.append(
      'identity.account',
      accountId,
      'no_stream',
      [accountRegistered(accountId)],
      metadata(),
    );
    const alongside = async (trx: Db, appended: readonly { streamVersion: number }[], state: State) => {
      expect(appended.map((e) => e.streamVersion)).toEqual([2]);
      const nickname = state.status === 'registered' ? state.nickname : null;
      await sql`insert into identity.handled values (${accountId}, ${nickname})`.execute(trx);
    };
    await handleCommand(
      store,
      account,
      accountId,
      { type: 'Rename', accountId, nickname: 'Ada' },
      metadata(),
      {
        alongside,
      },
    );
    const rows = await sql<{
      nickname: string;
    }>`select nickname from identity.handled where stream_id = ${accountId}`.execute(database.db);
    expect(rows.rows).toEqual([{ nickname: 'Ada' }]);

    // A failing row rolls the events back with it.
    await expect(
      handleCommand(store, account, accountId, { type: 'Rename', accountId, nickname: 'Grace' }, metadata(), {
        alongside,
      }),
    ).rejects.toThrow();
    expect(await types(accountId)).toEqual([
      ['identity.AccountRegistered', 1],
      ['identity.ProfileUpdated', 2],
    ]);
  });

  it('appends nothing and writes nothing alongside when the decision produces no events', async () => {
    const accountId = randomUUID();
    await store.append(
      'identity.account',
      accountId,
      'no_stream',
      [accountRegistered(accountId)],
      metadata(),
    );
    await handleCommand(
      store,
      account,
      accountId,
      { type: 'Rename', accountId, nickname: 'Ada' },
      metadata(),
    );
    let called = false;
    const result = await handleCommand(
      store,
      account,
      accountId,
      { type: 'Rename', accountId, nickname: 'Ada' },
      metadata(),
      { alongside: async () => void (called = true) },
    );
    expect(result).toMatchObject({ events: [], version: 2, state: { nickname: 'Ada' } });
    expect(called).toBe(false);
  });

  /** A decider that loses the race on its first try: another writer appends while it decides. */
  function racing(times: number) {
    let tries = 0;
    const decider: StreamDecider<Command, State, Event> = {
      ...account,
      async decide(command, state) {
        tries++;
        const events = decide(command, state);
        if (tries <= times)
          await store.append(
            'identity.account',
            command.accountId,
            'any',
            [accountRegistered(command.accountId)],
            metadata(),
          );
        return events;
      },
    };
    return { decider, tries: () => tries };
  }

  it('decides a lost race again on the new state, so the loser gets the real reason', async () => {
    const accountId = randomUUID();
    const { decider, tries } = racing(1);
    await expect(
      handleCommand(store, decider, accountId, { type: 'Register', accountId }, metadata()),
    ).rejects.toThrow('usernameTaken');
    expect(tries()).toBe(2);
    expect(await types(accountId)).toEqual([['identity.AccountRegistered', 1]]);
  });

  it('retries a bounded number of times, then throws the version conflict', async () => {
    const accountId = randomUUID();
    await store.append(
      'identity.account',
      accountId,
      'no_stream',
      [accountRegistered(accountId)],
      metadata(),
    );
    const { decider, tries } = racing(10);
    await expect(
      handleCommand(store, decider, accountId, { type: 'Rename', accountId, nickname: 'Ada' }, metadata(), {
        retry: { tries: 3 },
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(tries()).toBe(3);
  });

  it("inside the caller's transaction: commits and rolls back with it, and leaves retrying to the caller", async () => {
    const accountId = randomUUID();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await handleCommand(store, account, accountId, { type: 'Register', accountId }, metadata(), { trx });
        expect(await store.readStream(accountId, { trx })).toHaveLength(1);
        throw new Error('caller fails');
      }),
    ).rejects.toThrow('caller fails');
    expect(await store.readStream(accountId)).toEqual([]);

    const other = randomUUID();
    await store.append('identity.account', other, 'no_stream', [accountRegistered(other)], metadata());
    const { decider, tries } = racing(1);
    await expect(
      database.db.transaction().execute((trx) =>
        handleCommand(
          store,
          decider,
          other,
          { type: 'Rename', accountId: other, nickname: 'Ada' },
          metadata(),
          {
            trx,
          },
        ),
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(tries()).toBe(1);
  });
});
