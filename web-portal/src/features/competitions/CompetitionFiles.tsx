import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, transportErrorCode } from '../../api/ApiError';
import { notifyError } from '../../forms/notify';
import { PageFallback } from '../../layout/PageFallback';
import { notices } from '../../notices/notices';
import { useSession } from '../session/session';
import { downloadFile, fetchFiles } from './competitionApi';
import { FileTable } from './FileTable';
import { GoToAuthDialog } from './GoToAuthDialog';
import { saveBlob } from './saveBlob';
import { type CompetitionDetail, type CompetitionFile, verificationRequiredCode } from './types';

const kinds = ['document', 'dataset'] as const;

/**
 * Documentation (after sign-up) and datasets (for verified users, else the go-to-authentication
 * modal), each with its size; downloads go through GET /race/download.
 */
export function CompetitionFiles({ competition }: { competition: CompetitionDetail }) {
  const { t } = useTranslation();
  const state = useSession();
  const [files, setFiles] = useState<CompetitionFile[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [needsAuth, setNeedsAuth] = useState(false);
  const who = state.status === 'signedIn' ? `${state.user.userId}${state.user.authStatus}` : state.status;

  useEffect(() => {
    let live = true;
    fetchFiles(competition.competitionId).then(
      (next) => live && setFiles(next),
      () => live && setFiles([]),
    );
    return () => {
      live = false;
    };
  }, [competition.competitionId, competition.signedUp, who]);

  const download = async (file: CompetitionFile) => {
    setBusy(file.fileId);
    try {
      saveBlob(await downloadFile(file.fileId), file.name);
    } catch (error) {
      if (error instanceof ApiError && error.code === verificationRequiredCode) setNeedsAuth(true);
      // 401 already went to /login; any other refusal shows the server's reason in the request's
      // language (e.g. "Please sign up for the competition first"); no answer at all: spec §8's notice.
      else if (error instanceof ApiError && error.code !== transportErrorCode) {
        if (error.code !== 401) notices.notify({ severity: 'error', message: error.message });
      } else notifyError('downloadLinkFailed');
    } finally {
      setBusy(null);
    }
  };

  if (!files) return <PageFallback />;
  return (
    <Box sx={{ py: 3 }}>
      {kinds.map((kind) => {
        const ofKind = files.filter((file) => file.kind === kind);
        return (
          <Box component="section" key={kind} sx={{ mb: 4 }} data-testid={`files-${kind}`}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t(`competition.files.${kind}s`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t(`competition.files.${kind}Rule`)}
            </Typography>
            {ofKind.length === 0 ? (
              <Alert severity="info">{t('competition.files.none')}</Alert>
            ) : (
              <FileTable files={ofKind} busy={busy} onDownload={(file) => void download(file)} />
            )}
          </Box>
        );
      })}
      <GoToAuthDialog open={needsAuth} onClose={() => setNeedsAuth(false)} />
    </Box>
  );
}
