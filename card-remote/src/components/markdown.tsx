// Markdown in card descriptions and comments. The parser, renderer and sanitiser
// (react-markdown, rehype-sanitize: about 35 KB compressed) load only for a text that uses
// Markdown syntax: most descriptions and comments are plain sentences, and the JavaScript budget
// of a first visit (README: Delivery) has no room for a library that renders them unchanged.
// Plain text is shown as Markdown would show it: paragraphs split at blank lines, line breaks
// kept (the renderer keeps them too, with pre-wrap).
import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

/**
 * Anything that could make Markdown differ from plain paragraphs: emphasis, code, links,
 * images, raw HTML and entities, escapes, headings, block quotes, lists, rules, setext
 * underlines and indented code. Erring towards true only costs the renderer's download.
 */
const markdownSyntax =
  /[*_`[\]<>&\\~|]|^ {0,3}(#|>|[-+*]\s|\d+[.)]\s|[-=]+\s*$)|^( {4}|\t)|https?:\/\//m;

export const hasMarkdownSyntax = (text: string): boolean => markdownSyntax.test(text);

const PlainText = ({ text }: { text: string }) =>
  text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph, index) => (
      <p key={index} className="whitespace-pre-wrap">
        {paragraph}
      </p>
    ));

export interface MarkdownProps {
  /** The Markdown source, as stored. */
  text: string;
  className?: string;
}

/** Renders a description or comment, formatted and script-free. */
export const Markdown = ({ text, className = '' }: MarkdownProps) => (
  <div className={`space-y-2 break-words text-slate-800 ${className}`.trimEnd()}>
    {hasMarkdownSyntax(text) ? (
      // Until the renderer arrives the source reads as plain text, in the same place.
      <Suspense fallback={<PlainText text={text} />}>
        <MarkdownRenderer text={text} />
      </Suspense>
    ) : (
      <PlainText text={text} />
    )}
  </div>
);
