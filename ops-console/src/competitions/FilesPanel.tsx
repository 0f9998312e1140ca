import { formatBytes } from '@sais/web-shared';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { competition } from '@sais/events';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';
import { Panel } from './Panel';
import { useAction } from './useAction';

interface CompetitionFile {
  fileId: string;
  kind: 'document' | 'dataset';
  name: string;
  size: number;
  sha256: string;
  /** Operators' answers only (decision 0032). */
  hidden?: boolean;
}

/** Documentation files and datasets: the list, an upload, a removal, a dataset hidden or shown (decision 0032). */
export function FilesPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [kind, setKind] = useState<'document' | 'dataset'>('dataset');
  const [file, setFile] = useState<File | null>(null);
  const id = record?.id as string | undefined;
  const files = useLoad(
    id
      ? () =>
          api.get<CompetitionFile[]>('/race/files', {
            competitionId: id,
          } satisfies competition.requests.CompetitionQuery)
      : null,
    [id, api],
  );
  if (!id) return null;
  async function upload() {
    if (!file) return;
    const form = new FormData();
    form.set('kind', kind);
    form.set('file', file, file.name);
    await act(
      () => api.upload(`/admin/competitions/${id}/files`, form),
      'console.competitions.notifications.fileAdded',
    );
    setFile(null);
    files.reload();
  }
  return (
    <Panel title="console.competitions.panels.files" testId="files-panel">
      <List dense>
        {(files.data ?? []).map((item) => (
          <ListItem
            key={item.fileId}
            data-testid="competition-file"
            data-hidden={item.hidden ? 'true' : 'false'}
            secondaryAction={
              <Stack direction="row" spacing={1}>
                {item.kind === 'dataset' && (
                  <Button
                    size="small"
                    disabled={pending}
                    data-testid="file-visibility"
                    onClick={async () => {
                      await act(
                        () =>
                          api.put(`/admin/competitions/${id}/files/${item.fileId}/visibility`, {
                            hidden: !item.hidden,
                          }),
                        item.hidden
                          ? 'console.competitions.notifications.fileShown'
                          : 'console.competitions.notifications.fileHidden',
                      );
                      files.reload();
                    }}
                  >
                    {translate(
                      item.hidden
                        ? 'console.competitions.actions.showFile'
                        : 'console.competitions.actions.hideFile',
                    )}
                  </Button>
                )}
                <Button
                  size="small"
                  color="error"
                  disabled={pending}
                  onClick={async () => {
                    await act(
                      () => api.del(`/admin/competitions/${id}/files/${item.fileId}`),
                      'console.competitions.notifications.fileRemoved',
                    );
                    files.reload();
                  }}
                >
                  {translate('ra.action.remove')}
                </Button>
              </Stack>
            }
          >
            <ListItemText
              primary={`${item.name} (${translate(`console.competitions.fileKinds.${item.kind}`)})`}
              secondary={
                `${formatBytes(item.size)} · sha256 ${item.sha256.slice(0, 16)}…` +
                (item.hidden ? ` · ${translate('console.competitions.fileHidden')}` : '')
              }
            />
          </ListItem>
        ))}
      </List>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('console.competitions.fields.fileKind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as 'document' | 'dataset')}
        >
          {(['document', 'dataset'] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`console.competitions.fileKinds.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <input
          type="file"
          data-testid="file-input"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button variant="outlined" disabled={pending || !file} onClick={upload} data-testid="file-upload">
          {translate('console.competitions.actions.upload')}
        </Button>
      </Stack>
    </Panel>
  );
}
