/** Markdown as sanitized HTML (react-markdown, rehype-sanitize's default schema): no scripts, no event handlers, no javascript: links. */
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

export default function MarkdownRenderer({ source }: { source: string }) {
  return <Markdown rehypePlugins={[rehypeSanitize]}>{source}</Markdown>;
}
