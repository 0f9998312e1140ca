/**
 * React parts the participant portal and the operations console both show, so what an operator
 * previews is what participants read (issue 20). Like `@sais/events`, it imports nothing of the
 * services; the apps bundle its sources.
 */
export { Markdown } from './Markdown.tsx';
export { formatBytes } from './bytes.ts';
