import { useEffect, useState } from 'react';
import { apiBase } from '../providers';
import { createHttpClient } from '../providers/httpClient';
import type { Localized } from './LocalizedText';

/**
 * Names of things by id, asked once per page load and shared by every row (issue 35: a page shows
 * names, never the ids they stand for; nothing flashes an id while the name loads).
 */
const cache = new Map<string, Promise<unknown>>();
const http = createHttpClient(() => 'en');

function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!cache.has(key))
    cache.set(
      key,
      load().catch(() => null),
    );
  return cache.get(key) as Promise<T>;
}

/** An account's username (identity's names call), null when unknown. */
export const accountName = (id: string) =>
  once(`account:${id}`, async () => {
    const params = new URLSearchParams([['id', id]]);
    const names = (await http(`${apiBase}/admin/names/accounts?${params}`)).json as Record<
      string,
      string | null
    >;
    return names[id] ?? null;
  });

/** Every competition's title (the public list: auditors may not use the operators' resource). */
const competitionTitles = () =>
  once('competitions', async () => {
    const { records } = (await http(`${apiBase}/race/list?pageSize=100`)).json as {
      records: { competitionId: string; title: Localized }[];
    };
    return new Map(records.map((record) => [record.competitionId, record.title]));
  });

export const competitionTitle = async (id: string) =>
  ((await competitionTitles()) as Map<string, Localized> | null)?.get(id) ?? null;

/** A team's name as its stream last set it (created, then renamed), read through the audit API. */
export const teamName = (id: string) =>
  once(`team:${id}`, async () => {
    const events = (await http(`${apiBase}/admin/audit/team/streams/${encodeURIComponent(`team-${id}`)}`))
      .json as { type: string; data: { name?: string } }[];
    let name: string | null = null;
    for (const event of events) name = event.data.name ?? name;
    return name;
  });

/**
 * A submission by its team and file ("Lab 7 · result.csv"), from the event that received it (read
 * through the audit API); a participant on their own is a team named by their account id.
 */
export const submissionName = (id: string) =>
  once(`submission:${id}`, async () => {
    const events = (
      await http(`${apiBase}/admin/audit/scoring/streams/${encodeURIComponent(`submission-${id}`)}`)
    ).json as { type: string; data: { teamId?: string; fileName?: string } }[];
    const received = events.find((event) => event.type === 'scoring.SubmissionReceived')?.data;
    if (!received?.teamId || !received.fileName) return null;
    const team = (await teamName(received.teamId)) ?? (await accountName(received.teamId));
    return team ? `${team} · ${received.fileName}` : received.fileName;
  });

/**
 * The value `load` answers for `key` (null until it has, and when it fails): `pending` tells a page to
 * show a placeholder, not the id.
 */
export function useLoaded<T>(key: string | null, load: () => Promise<T | null>) {
  const [state, setState] = useState<{ key: string | null; value: T | null; pending: boolean }>({
    key,
    value: null,
    pending: Boolean(key),
  });
  useEffect(() => {
    if (!key) return setState({ key, value: null, pending: false });
    let current = true;
    setState({ key, value: null, pending: true });
    void load().then(
      (value) => current && setState({ key, value, pending: false }),
      () => current && setState({ key, value: null, pending: false }),
    );
    return () => {
      current = false;
    };
    // `load` answers for `key`: a new `load` of the same key asks nothing new.
  }, [key]);
  return state.key === key ? state : { key, value: null, pending: Boolean(key) };
}
