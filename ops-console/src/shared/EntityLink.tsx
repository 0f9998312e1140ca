import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent } from 'react';
import { useCreatePath, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayUse } from '../providers/permissions';

export interface EntityProps {
  /** The resource whose show page the name opens (when the viewer may use it). */
  resource: 'users' | 'teams' | 'competitions' | 'submissions';
  id: string | null | undefined;
  name: string | null | undefined;
}

/** About how many em a text takes on one line: 1 for a CJK or full-width character, 0.6 for another. */
const emsOf = (text: string) =>
  Array.from(text).reduce(
    (ems, char) => ems + (/[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(char) ? 1 : 0.6),
    0,
  );

/**
 * Words, not ids (issue 19): a user, team or competition by its name, linking to its page where the
 * viewer may open it; the id shows on hover and copies with one click.
 */
export function EntityLink({ resource, id, name }: EntityProps) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { permissions } = usePermissions<string[]>();
  if (!id) return <span>—</span>;
  const label = name || translate('console.trust.unnamed');
  // A name up to 10em long on one line; a longer one may wrap, at least 8em a line (issue 35: a narrow
  // column broke 催化剂产率预测 into 催化剂/产率预/测 at 1366 px, and the collusion signals' list
  // "Correlated track" into two lines). Its length estimated: a Chinese character 1em, any other 0.6em,
  // so a name of up to 16 letters (what the layout checks call short) keeps its line.
  const short = emsOf(label) <= 10;
  const fit = short ? ({ whiteSpace: 'nowrap' } as const) : { minWidth: '8em' };
  const copy = (event: MouseEvent) => {
    event.stopPropagation();
    event.preventDefault();
    void navigator.clipboard?.writeText(id);
  };
  const text = mayUse(permissions, resource) ? (
    <Link
      component={RouterLink}
      to={createPath({ resource, id, type: 'show' })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      data-testid={`link-${resource}`}
      sx={fit}
    >
      {label}
    </Link>
  ) : (
    <Box component="span" sx={fit}>
      {label}
    </Box>
  );
  return (
    <Stack direction="row" component="span" sx={{ alignItems: 'center', display: 'inline-flex' }}>
      <Tooltip title={`${translate('console.trust.id')}: ${id}`}>{text}</Tooltip>
      <Tooltip title={translate('console.trust.copyId')}>
        <IconButton
          size="small"
          aria-label={translate('console.trust.copyId')}
          onClick={copy}
          sx={{ ml: 0.25 }}
        >
          <ContentCopy sx={{ fontSize: 14 }} />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Fields of the record: the user, team or competition it names, by name. */
export function UserLink({
  idSource,
  nameSource,
}: {
  idSource: string;
  nameSource: string;
  label?: string;
  source?: string;
}) {
  const record = useRecordContext<Record<string, string | null>>();
  return <EntityLink resource="users" id={record?.[idSource]} name={record?.[nameSource]} />;
}

export function TeamLink({
  idSource,
  nameSource,
  fallbackSource,
}: {
  idSource: string;
  nameSource: string;
  /** A single-person team has no name: its member's (e.g. `submitter`). */
  fallbackSource?: string;
  label?: string;
  source?: string;
}) {
  const record = useRecordContext<Record<string, string | null>>();
  const solo = !record?.[nameSource] && fallbackSource && record?.[fallbackSource];
  // A single-person team is named by its member's account id: it is that user's page.
  if (solo) return <EntityLink resource="users" id={record?.[idSource]} name={record?.[fallbackSource!]} />;
  return <EntityLink resource="teams" id={record?.[idSource]} name={record?.[nameSource]} />;
}
