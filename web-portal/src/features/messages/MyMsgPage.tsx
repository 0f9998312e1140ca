import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZoneNote } from '../../forms/ZonedTime';
import { PageFallback } from '../../layout/PageFallback';
import { MessageDialog } from './MessageDialog';
import { MessageList } from './MessageList';
import { type MessagePage, fetchMessages } from './messagesApi';
import { useUnreadCount } from './useUnreadCount';

const pageSize = 10;

/** /user/myMsg: the inbox, newest first, with the unread count and paging. */
export default function MyMsgPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MessagePage | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // The count the avatar and the menu show too: the newest answer, not this page's first one.
  const unread = useUnreadCount(version);

  useEffect(() => {
    let live = true;
    fetchMessages(page, pageSize).then(
      (next) => live && setData(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [page, version, i18n.resolvedLanguage]);

  const close = useCallback(() => {
    setOpened(null);
    setVersion((v) => v + 1);
  }, []);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('pages.myMsg')}
        </Typography>
        {data ? (
          <Chip
            color={unread > 0 ? 'error' : 'default'}
            label={t('messages.unreadCount', { count: unread })}
            data-testid="unread-count"
          />
        ) : null}
      </Box>
      {!data ? <PageFallback /> : null}
      {data && data.total === 0 ? <Alert severity="info">{t('messages.empty')}</Alert> : null}
      {data && data.total > 0 ? (
        <>
          <ZoneNote />
          <MessageList messages={data.records} onOpen={setOpened} />
          <Pagination
            sx={{ mt: 2 }}
            page={page}
            count={Math.max(1, Math.ceil(data.total / pageSize))}
            onChange={(_event, next) => setPage(next)}
          />
        </>
      ) : null}
      {opened ? <MessageDialog notifyId={opened} onClose={close} /> : null}
    </>
  );
}
