import Box from '@mui/material/Box';

/**
 * An event (or any value) as indented JSON, selectable and copyable: the record as stored, in the
 * event schemas' own field names and values (`data-recorded`: the zh-CN walk reads it as data).
 */
export function EventJson({ value, testId = 'event-json' }: { value: unknown; testId?: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      data-recorded
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        overflowX: 'auto',
        fontSize: '0.8rem',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
