import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * Operators' Markdown as the portal shows it and the console previews it: `react-markdown` with
 * `remark-gfm`, rendered safely: raw HTML is never parsed (no rehype-raw), so `<script>` or any
 * tag shows as the text it is; react-markdown's URL filter drops `javascript:` and other unsafe links;
 * links open in a new tab without access to this page (`noopener noreferrer`).
 */
export function Markdown({ children, testId }: { children: string; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        lineHeight: 1.8,
        '& h3, & h4, & h5, & h6': { fontWeight: 600, lineHeight: 1.4, mt: 2.5, mb: 1 },
        '& h3': { fontSize: '1.15rem' },
        '& h4, & h5, & h6': { fontSize: '1.05rem' },
        '& > :first-of-type': { mt: 0 },
        '& p': { my: 1 },
        '& ul, & ol': { pl: 3, my: 1 },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', px: 0 },
        '& table': { borderCollapse: 'collapse', my: 1.5 },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.5, textAlign: 'left' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& img': { maxWidth: '100%' },
      }}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {children}
      </ReactMarkdown>
    </Box>
  );
}

/** Headings sit below the section's own (h2); links open safely. */
const components = { h1: 'h3', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6', a: SafeLink } as const;

function SafeLink({ href, children }: ComponentProps<'a'>) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </Link>
  );
}
