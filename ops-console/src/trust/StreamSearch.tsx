import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { identity } from '@sais/events';
import { type FormEvent, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { streamPath } from '../audit/services';
import { messageOf } from '../audit/useAuditApi';
import { type Localized, localized } from '../shared/LocalizedText';
import { useConsoleApi } from '../shared/useConsoleApi';
import { type ServiceEvent, useAuditEvents } from './useStaffEvents';

type Kind = 'user' | 'verification' | 'team' | 'competition' | 'submission';
interface Found {
  kind: Kind;
  name: string;
  service: string;
  streamId: string;
}

/** Where each kind of thing starts, and how its name reads from that first event. */
const searches: { service: string; type: string; found: (event: ServiceEvent, locale: string) => Found[] }[] =
  [
    {
      service: 'team',
      type: 'team.TeamCreated',
      found: (event) => [
        {
          kind: 'team',
          name: (event.data as { name: string }).name,
          service: 'team',
          streamId: event.stream.id,
        },
      ],
    },
    {
      service: 'competition',
      type: 'competition.CompetitionCreated',
      found: (event, locale) => [
        {
          kind: 'competition',
          name: localized((event.data as { settings: { title: Localized } }).settings.title, locale),
          service: 'competition',
          streamId: event.stream.id,
        },
      ],
    },
    {
      service: 'scoring',
      type: 'scoring.SubmissionReceived',
      found: (event) => {
        const data = event.data as { submissionId: string; fileName?: string };
        return [
          {
            kind: 'submission',
            name: `${data.fileName ?? ''} ${data.submissionId}`.trim(),
            service: 'scoring',
            streamId: event.stream.id,
          },
        ];
      },
    },
  ];

/** A user's two streams: the account and the real-name verification. */
const userStreams = ({ id, username }: { id: string; username: string }): Found[] => [
  { kind: 'user', name: username, service: 'identity', streamId: `account-${id}` },
  { kind: 'verification', name: username, service: 'identity', streamId: `verification-${id}` },
];

/**
 * Words, not ids (issue 19): auditors find a stream by searching a user (username, email, phone), a
 * team or competition (name) or a submission (id or file name), then open its history.
 */
export function StreamSearch() {
  const translate = useTranslate();
  const locale = useLocale();
  const list = useAuditEvents();
  const api = useConsoleApi();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (q.trim().length < identity.requests.nameSearchMinLength) return;
    setError(null);
    try {
      // Users through identity's names search (their names are sealed in the events, decision 0017);
      // teams, competitions and submissions through the text of their first event.
      const [users, ...lists] = await Promise.all([
        api.get<{ id: string; username: string }[]>('/admin/names/search', {
          q: q.trim(),
        } satisfies identity.requests.NameSearch),
        ...searches.map(async (search) =>
          (await list(search.service, { type: search.type, q: q.trim() }, 10)).flatMap((found) =>
            search.found(found, locale),
          ),
        ),
      ]);
      setResults([...(users as { id: string; username: string }[]).flatMap(userStreams), ...lists.flat()]);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <Stack spacing={1} component="form" onSubmit={submit} data-testid="stream-search">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          sx={{ minWidth: 360 }}
          label={translate('console.trust.streams.search')}
          helperText={translate('console.trust.streams.searchHelp')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'stream-search-input', maxLength: 100 } }}
        />
        <Button type="submit" variant="outlined" startIcon={<Search />} disabled={q.trim().length < 2}>
          {translate('ra.action.search')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {results && results.length === 0 && (
        <Alert severity="info">{translate('ra.navigation.no_results')}</Alert>
      )}
      {results && results.length > 0 && (
        <List dense data-testid="stream-search-results">
          {results.map((found) => (
            <ListItem key={`${found.service}/${found.streamId}`} disableGutters>
              <Chip
                size="small"
                label={translate(`console.trust.streams.kinds.${found.kind}`)}
                sx={{ mr: 1 }}
              />
              <Link
                component={RouterLink}
                to={streamPath(found.service, found.streamId)}
                title={found.streamId}
              >
                {found.name}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
